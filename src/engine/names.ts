// "Did you mean …?" for names an integrator may misspell: site folders, screens, fields, configuration keys.

/** Edits between two names: a letter added, dropped or changed, or two neighbours swapped ("nmae" is one from "name"). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
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
