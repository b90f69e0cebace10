// The audio preview with its waveform: a play/pause button and the file's peaks (computed once on the server when
// the file came in, sp/audiowave or the upload's answer) drawn as bars, the part played filled in. The waveform
// is a slider: a click seeks to that point, and from the keyboard the arrow keys move 5 seconds (a tenth for a
// short file), Page Up/Down a tenth, Home/End to either end, Space or Enter plays and pauses; its value is read
// out as "0:12 of 0:30". Playback is the app's one shared player (player.ts), so starting it stops any other.
import { useEffect, useState, useSyncExternalStore, type KeyboardEvent, type MouseEvent } from 'react';
import { request } from '../../../api';
import { useI18n } from '../../i18n';
import { toast } from '../../shell/feedback';
import { play, seek, snapshot, stop, subscribe } from './player';
import './audio.css';
import { PauseIcon, PlayIcon } from './playIcons';

export interface AudioWaveformProps {
  id: string;
  url: string;
  /** Peaks 0-255; fetched from sp/audiowave by the file's saved name when not given. */
  peaks?: number[];
  durationSeconds?: number;
  /** Accessible name: the file's or tone's name. */
  title: string;
}

const clock = (s: number) => {
  const whole = Math.max(0, Math.round(s));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

const savedNameOf = (url: string) => /\/sp\/file\/([A-Za-z0-9]+\.[a-z0-9]+)$/.exec(url)?.[1];

/** Peaks and duration of a stored file, asked once per url. */
function useWave(url: string, given?: number[], givenDuration?: number) {
  const [wave, setWave] = useState<{ peaks: number[]; duration: number } | undefined>(
    given ? { peaks: given, duration: givenDuration ?? 0 } : undefined,
  );
  useEffect(() => {
    if (given) {
      setWave({ peaks: given, duration: givenDuration ?? 0 });
      return;
    }
    const name = savedNameOf(url);
    if (!name) return;
    let live = true;
    request<{ peaks: number[]; durationSeconds: number }>(
      'sp/audiowave',
      { savedFilename: name },
      {
        kind: 'get',
        passCodes: ['950005'],
      },
    )
      .then((a) => {
        if (live && a.record?.peaks) setWave({ peaks: a.record.peaks, duration: a.record.durationSeconds });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url, given, givenDuration]);
  return wave;
}

export function AudioWaveform({ id, url, peaks, durationSeconds, title }: AudioWaveformProps) {
  const { t } = useI18n();
  const player = useSyncExternalStore(subscribe, snapshot, snapshot);
  const wave = useWave(url, peaks, durationSeconds);
  const mine = player.owner === id;
  const playing = mine && player.status === 'playing';
  const duration = (mine && player.duration) || wave?.duration || 0;
  const position = mine ? player.position : 0;
  const failed = () => toast('Common.playAddressNotExist', { kind: 'error', durationMs: 3000 });
  const goTo = (seconds: number) =>
    seek(id, url, Math.min(Math.max(0, seconds), Math.max(0, duration - 0.05))).catch(failed);
  const toggle = () => (playing ? stop() : play(id, url, position).catch(failed));

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (duration > 0 && box.width > 0) void goTo(((e.clientX - box.left) / box.width) * duration);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = duration > 50 ? 5 : duration / 10;
    const moves: Record<string, number | undefined> = {
      ArrowRight: position + step,
      ArrowUp: position + step,
      ArrowLeft: position - step,
      ArrowDown: position - step,
      PageUp: position + duration / 10,
      PageDown: position - duration / 10,
      Home: 0,
      End: duration,
    };
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      void toggle();
    } else if (moves[e.key] !== undefined && duration > 0) {
      e.preventDefault();
      void goTo(moves[e.key]!);
    }
  };

  const bars = wave?.peaks ?? [];
  const played = duration > 0 ? position / duration : 0;
  return (
    <div className="waveform" data-state={playing ? 'playing' : 'idle'}>
      <button
        type="button"
        className={`audio-button${playing ? ' is-playing' : ''}`}
        aria-pressed={playing}
        aria-label={t(playing ? 'Audio.pause' : 'Audio.play', { name: title })}
        onClick={() => void toggle()}
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <div
        className="waveform__track"
        role="slider"
        tabIndex={0}
        aria-label={t('Audio.position', { name: title })}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(position)}
        aria-valuetext={t('Audio.positionText', { position: clock(position), duration: clock(duration) })}
        onClick={onClick}
        onKeyDown={onKey}
      >
        <svg viewBox={`0 0 ${Math.max(1, bars.length)} 100`} preserveAspectRatio="none" aria-hidden="true">
          {bars.map((v, i) => {
            const h = Math.max(2, (v / 255) * 96);
            return (
              <rect
                key={i}
                x={i + 0.15}
                width={0.7}
                y={50 - h / 2}
                height={h}
                className={i / bars.length < played ? 'is-played' : undefined}
              />
            );
          })}
        </svg>
        <span className="waveform__cursor" style={{ left: `${played * 100}%` }} aria-hidden="true" />
      </div>
      <span className="waveform__time" aria-hidden="true">
        {clock(position)} / {clock(duration)}
      </span>
    </div>
  );
}
