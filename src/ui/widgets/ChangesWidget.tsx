// A change side by side (widget 'changes'): the value is a change's view ({fields, files}, as /op/change answers),
// each field's value before and after with the changed ones marked, and each file before and after, audio
// playable and seekable in the browser's own player, images shown, with the format stored at upload (channels,
// rate, bits and seconds of a wav; an image's size). ui.file is the address of a saved file, '{name}' its name.
// A code reads as its words where the record says which form field names it (readAs), a moment in the reader's zone.
// General: any definition whose record holds such a view can show it (the operator's review is the first).
import type { WidgetProps } from '@rjsf/utils';
import { useI18n } from '../i18n';
import { formatByUi } from '../shell/formatValue';
import { EMPTY_TEXT } from './DisplayWidget';
import { widgetContext } from './widgetProps';
import './changes.css';
import { ColumnHeads } from '../shell/ColumnHeads';
import { StatusBadge } from '../shell/StatusBadge';

interface ViewField {
  name: string;
  label: string;
  old: string;
  new: string;
  changed: boolean;
  /** Code -> message key: a code shown by its words ("Group", not "-1"). */
  labels?: Record<string, string>;
  /** 'datetime': a moment, shown in the reader's zone and language like the dialog's other times. */
  format?: 'datetime';
}
interface ViewFile {
  name: string;
  label: string;
  /** The label's parameters (a box's prompt: its language). */
  params?: Record<string, unknown>;
  old: string;
  new: string;
  changed: boolean;
  oldInfo?: Record<string, unknown>;
  newInfo?: Record<string, unknown>;
}
type T = (key: string, params?: Record<string, unknown>) => string;

/** A file's two sides, each with its heading and its player's accessible name. */
const SIDES = [
  { key: 'old', info: 'oldInfo', title: 'Operator.before', listen: 'Operator.listenBefore' },
  { key: 'new', info: 'newInfo', title: 'Operator.after', listen: 'Operator.listenAfter' },
] as const;

const IMAGE = /\.(jpe?g|png|gif)$/i;
const list = <X,>(v: unknown): X[] => (Array.isArray(v) ? (v as X[]) : []);

function formatOf(info: Record<string, unknown> | undefined, t: T): string {
  if (!info) return '';
  if (info.channels !== undefined)
    return t('Operator.wavFormat', {
      channels: info.channels,
      rate: info.sampleRate,
      bits: info.bitsPerSample,
      seconds: Number(info.durationSeconds ?? 0).toFixed(1),
    });
  if (info.width !== undefined) return t('Operator.imageSize', { width: info.width, height: info.height });
  return '';
}

function FileSide({
  name,
  info,
  address,
  label,
  t,
}: {
  name: string;
  info?: Record<string, unknown>;
  address: string;
  label: string;
  t: T;
}) {
  if (!name) return <span className="cell-empty">{t('Operator.fileMissing')}</span>;
  const url = address.replace('{name}', encodeURIComponent(name));
  const format = formatOf(info, t);
  return (
    <figure className="change-file">
      {IMAGE.test(name) ? (
        <img src={url} alt={label} className="change-file__image" />
      ) : (
        <audio controls preload="metadata" src={url} aria-label={label} className="change-file__audio" />
      )}
      <figcaption>
        <span className="change-file__name">{name}</span>
        {format && <span className="change-file__format">{format}</span>}
      </figcaption>
    </figure>
  );
}

export function ChangesWidget(props: WidgetProps) {
  const { ui, t, ctx } = widgetContext(props);
  const { language } = useI18n();
  const value = (props.value ?? {}) as Record<string, unknown>;
  const fields = list<ViewField>(value.fields);
  const files = list<ViewFile>(value.files);
  const address = typeof ui.file === 'string' ? `/${ui.file.replace(/^\//, '')}` : '{name}';
  // An addition or a deletion changes everything: marks only say something of a modification.
  const marked = value.kind === undefined || value.kind === 'modify';
  const cell = (f: ViewField, v: string) =>
    v === '' ? (
      <span className="cell-empty">{EMPTY_TEXT}</span>
    ) : (
      formatByUi({ labels: f.labels, format: f.format }, v, t, language, ctx.env.config)
    );
  const changedMark = (
    <StatusBadge colour="blue" className="changes__mark">
      {t('Operator.changedMark')}
    </StatusBadge>
  );
  return (
    <div id={props.id} className="changes">
      {fields.length > 0 && (
        <table className="changes__table">
          <ColumnHeads heads={['field', 'before', 'after'].map((k) => ({ key: k, label: t(`Operator.${k}`) }))} />
          <tbody>
            {fields.map((f) => (
              <tr key={f.name} className={marked && f.changed ? 'is-changed' : undefined} data-field={f.name}>
                <th scope="row">
                  {t(f.label)}
                  {marked && f.changed && changedMark}
                </th>
                <td data-side="old">{cell(f, f.old)}</td>
                <td data-side="new">{cell(f, f.new)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {files.map((f) => (
        <section
          key={f.name}
          className={`changes__files${marked && f.changed ? ' is-changed' : ''}`}
          data-file={f.name}
        >
          <h4>
            {t(f.label, f.params)}
            {marked && f.changed && changedMark}
          </h4>
          <div className="changes__pair">
            {SIDES.map((side) => (
              <div key={side.key} data-side={side.key}>
                <span className="changes__side">{t(side.title)}</span>
                <FileSide
                  name={f[side.key]}
                  info={f[side.info]}
                  address={address}
                  label={t(side.listen, { name: t(f.label, f.params) })}
                  t={t}
                />
              </div>
            ))}
          </div>
        </section>
      ))}
      {fields.length === 0 && files.length === 0 && <p className="changes__none">{t('Operator.noFiles')}</p>}
    </div>
  );
}
