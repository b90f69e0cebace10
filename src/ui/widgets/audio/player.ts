// The one audio player of the whole app (000 §2 audio preview): a single <audio> element, and which button
// owns it. Starting another row's preview stops the current one, so only one button ever shows "pause";
// the end of playback or an error returns the owner to idle. A store outside React so every button, on any
// screen or dialog, sees the same state.
export type PlayerStatus = 'idle' | 'loading' | 'playing';
export interface PlayerState {
  owner: string | null;
  status: PlayerStatus;
}

let state: PlayerState = { owner: null, status: 'idle' };
const listeners = new Set<() => void>();
let audio: HTMLAudioElement | null = null;
/** Bumped on every start/stop, so a play address that arrives late for an abandoned request is ignored. */
let generation = 0;

function set(next: PlayerState) {
  state = next;
  listeners.forEach((l) => l());
}

export const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};
export const snapshot = () => state;

function element(): HTMLAudioElement {
  if (!audio) {
    audio = new Audio();
    audio.preload = 'none';
    audio.addEventListener('ended', () => set({ owner: null, status: 'idle' }));
    audio.addEventListener('pause', () => {
      if (state.status === 'playing') set({ owner: null, status: 'idle' });
    });
  }
  return audio;
}

export function stop(): void {
  generation += 1;
  if (audio && !audio.paused) audio.pause();
  set({ owner: null, status: 'idle' });
}

/**
 * Plays for `owner`: `address` is the url, or a function fetching it on demand (sp/getprelistenurl). Rejects
 * when there is no playable address; the player is then idle again.
 */
export async function play(owner: string, address: string | (() => Promise<string | undefined>)): Promise<void> {
  stop();
  const mine = generation;
  set({ owner, status: 'loading' });
  try {
    const url = typeof address === 'string' ? address : await address();
    if (mine !== generation) return; // another row was started meanwhile
    if (!url) throw new Error('no play address');
    const el = element();
    el.src = url;
    await el.play();
    if (mine === generation) set({ owner, status: 'playing' });
  } catch (error) {
    if (mine === generation) stop();
    throw error;
  }
}

/** Test hook: the element's current source (e2e tests check what is played). */
export const currentSource = () => audio?.src ?? '';
