// The login page's picture code (000 §5: 4 alphanumerics), when configuration login_picture_code is '1'.
// The image is an SVG drawn here (no image library): the characters at jittered positions and angles over
// noise lines. It slows scripted guessing; the throttling of sessions.ts is what actually stops it.
import { randomInt } from 'node:crypto';

const CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newPictureCode(): string {
  return Array.from({ length: 4 }, () => CHARS[randomInt(CHARS.length)]).join('');
}

export function pictureSvg(code: string): string {
  const lines = Array.from(
    { length: 6 },
    () =>
      `<line x1="${randomInt(120)}" y1="${randomInt(40)}" x2="${randomInt(120)}" y2="${randomInt(40)}" stroke="#${randomInt(0x555555, 0xaaaaaa).toString(16)}" stroke-width="1"/>`,
  ).join('');
  const letters = [...code]
    .map(
      (c, i) =>
        `<text x="${12 + i * 26 + randomInt(-3, 4)}" y="${28 + randomInt(-4, 5)}" transform="rotate(${randomInt(-20, 21)} ${20 + i * 26} 20)" font-family="monospace" font-size="24" font-weight="bold" fill="#${randomInt(0x111111, 0x555555).toString(16)}">${c}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40" role="img" aria-label="picture code"><rect width="120" height="40" fill="#f2f4f7"/>${lines}${letters}</svg>`;
}
