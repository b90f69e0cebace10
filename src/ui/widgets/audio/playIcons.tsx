// The play and pause glyphs of every audio control (the list's play button, the waveform player).
export const PlayIcon = () => (
  <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" focusable="false">
    <path d="M6 4.2v11.6a.6.6 0 0 0 .9.5l9.3-5.8a.6.6 0 0 0 0-1L6.9 3.7a.6.6 0 0 0-.9.5z" fill="currentColor" />
  </svg>
);

export const PauseIcon = () => (
  <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" focusable="false">
    <rect x="5" y="4" width="3.5" height="12" rx="1" fill="currentColor" />
    <rect x="11.5" y="4" width="3.5" height="12" rx="1" fill="currentColor" />
  </svg>
);
