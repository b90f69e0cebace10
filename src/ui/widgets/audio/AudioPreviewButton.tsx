// A play/pause button bound to the shared player. Its source is a url (a path or an address), or, when the
// value is a tone code or ID, a play address fetched on demand from sp/getprelistenurl. No address or a
// failing address: toast Common.playAddressNotExist for 3 s (000 §8) and back to idle.
import { useSyncExternalStore } from 'react';
import { ApiError, request } from '../../../api';
import { useI18n } from '../../i18n';
import { toast } from '../../shell/feedback';
import { play, snapshot, stop, subscribe } from './player';
import './audio.css';
import { PauseIcon, PlayIcon } from './playIcons';

const NOT_FOUND_MS = 3000;
/** sp/getprelistenurl answers 950005 when the tone has no audio: handed back here, shown as the spec says. */
const NO_ADDRESS_CODES = ['950005'];

const looksLikeUrl = (v: string) => /^(https?:|blob:|data:|\/)/.test(v) || /\.(wav|mp3|mp4|3gp|ogg|m4a)(\?|$)/i.test(v);

export interface AudioPreviewButtonProps {
  id: string;
  /** A url, or a tone code / ID whose play address is fetched. */
  source: unknown;
  row?: Record<string, unknown>;
  /** Accessible name: the tone's name, so "Play Summer Song" is announced. */
  title?: string;
}

async function fetchAddress(payload: Record<string, unknown>): Promise<string | undefined> {
  const answer = await request<{ url?: string; playUrl?: string }>('sp/getprelistenurl', payload, {
    passCodes: NO_ADDRESS_CODES,
  });
  return answer.returnCode === '000000' ? (answer.record?.url ?? answer.record?.playUrl) : undefined;
}

export function AudioPreviewButton({ id, source, row, title }: AudioPreviewButtonProps) {
  const { t } = useI18n();
  const player = useSyncExternalStore(subscribe, snapshot, snapshot);
  const mine = player.owner === id;
  const playing = mine && player.status === 'playing';
  const loading = mine && player.status === 'loading';
  const value = source === undefined || source === null ? '' : String(source);
  const name = title ?? String(row?.toneName ?? row?.name ?? '');

  const start = () => {
    const address = looksLikeUrl(value)
      ? value
      : () =>
          fetchAddress(
            /^\d{1,12}$/.test(value) && row?.toneID === value
              ? { toneID: value }
              : { toneCode: value || row?.toneCode },
          );
    play(id, address).catch((error) => {
      // An ApiError (network, session) was already shown by the client; no address or an unplayable file is ours:
      // a passing notice for 3 s (000 §8), not a refusal that stays (errors stay until dismissed).
      if (!(error instanceof ApiError))
        toast('Common.playAddressNotExist', { kind: 'warning', durationMs: NOT_FOUND_MS });
    });
  };

  return (
    <button
      type="button"
      className={`audio-button${playing ? ' is-playing' : ''}`}
      aria-pressed={playing}
      aria-busy={loading || undefined}
      aria-label={t(playing ? 'Audio.pause' : 'Audio.play', { name })}
      data-state={playing ? 'playing' : loading ? 'loading' : 'idle'}
      onClick={() => (mine ? stop() : start())}
    >
      {loading ? <span className="spinner" aria-hidden="true" /> : playing ? <PauseIcon /> : <PlayIcon />}
    </button>
  );
}
