// The one audio player of the whole app (000 §2 audio preview): a single <audio> element, and which button
// owns it. Starting another row's preview stops the current one, so only one button ever shows "pause";
// the end of playback or an error returns the owner to idle. A store outside React so every button, on any
// screen or dialog, sees the same state. The owner's position and duration are in it too, for the waveform
// (AudioWaveform) to show progress and seek: seeking sets the element's currentTime, which the browser serves
// with a byte-range request (the server answers ranges, src/server/files/send.ts).
export type PlayerStatus = 'idle' | 'loading' | 'playing';
export interface PlayerState {
  owner: string | null;
  status: PlayerStatus;
  /** Seconds played of the owner's audio, and its length once known (0 before). */
  position: number;
  duration: number;
}

const IDLE: PlayerState = { owner: null, status: 'idle', position: 0, duration: 0 };
let state: PlayerState = IDLE;
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
    audio.addEventListener('ended', () => set(IDLE));
    audio.addEventListener('pause', () => {
      if (state.status === 'playing') set(IDLE);
    });
    const progress = () => {
      if (state.owner && audio)
        set({
          ...state,
          position: audio.currentTime,
          duration: Number.isFinite(audio.duration) ? audio.duration : state.duration,
        });
    };
    audio.addEventListener('timeupdate', progress);
    audio.addEventListener('durationchange', progress);
  }
  return audio;
}

export function stop(): void {
  generation += 1;
  if (audio && !audio.paused) audio.pause();
  set(IDLE);
}

/**
 * Plays for `owner`: `address` is the url, or a function fetching it on demand (sp/getprelistenurl); `from` a
 * position in seconds to start at. Rejects when there is no playable address; the player is then idle again.
 */
export async function play(
  owner: string,
  address: string | (() => Promise<string | undefined>),
  from = 0,
): Promise<void> {
  stop();
  const mine = generation;
  set({ owner, status: 'loading', position: from, duration: 0 });
  try {
    const url = typeof address === 'string' ? address : await address();
    if (mine !== generation) return; // another row was started meanwhile
    if (!url) throw new Error('no play address');
    const el = element();
    el.src = url;
    if (from > 0) el.currentTime = from;
    await el.play();
    if (mine === generation) set({ ...state, owner, status: 'playing' });
  } catch (error) {
    if (mine === generation) stop();
    throw error;
  }
}

/** Moves the owner's playback to `seconds`; another owner's audio starts playing there. */
export async function seek(owner: string, url: string, seconds: number): Promise<void> {
  if (state.owner === owner && audio) {
    audio.currentTime = Math.max(0, seconds);
    set({ ...state, position: audio.currentTime });
    return;
  }
  await play(owner, url, seconds);
}
