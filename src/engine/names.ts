// "Did you mean …?" for names an integrator may misspell: site folders, screens, fields, configuration keys.

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/** The candidate nearest to `name` (case aside) when it is near enough to be a typo of it, else undefined. */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.min(3, Math.floor(name.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = distance(name.toLowerCase(), c.toLowerCase());
    if (d <= limit && d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}

/** ` (did you mean "x"?)`, or nothing. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const like = closestName(name, candidates);
  return like ? ` (did you mean "${like}"?)` : '';
}
