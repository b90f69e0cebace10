// The upload control both upload widgets share: a Browse button (keyboard operable; the file input itself is
// hidden), drop target, the chosen file with a remove button, a progress bar while sending, and the hint
// listing allowed types and the size limit.
import { useRef, useState, type ReactNode } from 'react';
import { useI18n } from '../../i18n';
import { ProgressBar } from '../../shell/ProgressBar';
import { sizeText, typesText, type FileRules } from '../../../engine/files';

export interface UploadBoxProps {
  id: string;
  rules: FileRules;
  fileName?: string;
  progress: number | null;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
  preview?: ReactNode;
  hint?: string;
  onFile(file: File): void;
  onRemove?(): void;
}

export function UploadBox({
  id,
  rules,
  fileName,
  progress,
  disabled,
  describedBy,
  invalid,
  preview,
  hint,
  onFile,
  onRemove,
}: UploadBoxProps) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const busy = progress !== null;
  const types = typesText(rules);
  const pick = (files: FileList | null) => {
    if (files?.[0]) onFile(files[0]);
  };
  return (
    <div
      className={`upload${over ? ' is-over' : ''}${invalid ? ' is-invalid' : ''}`}
      onDragOver={(e) => {
        if (!disabled && !busy) {
          e.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (!disabled && !busy) pick(e.dataTransfer.files);
      }}
    >
      {preview}
      <div className="upload__main">
        <div className="upload__row">
          <button
            type="button"
            id={id}
            className="btn btn--secondary"
            disabled={disabled || busy}
            aria-describedby={describedBy}
            onClick={() => input.current?.click()}
          >
            <UploadIcon /> {t(fileName ? 'Upload.replace' : 'Upload.browse')}
          </button>
          {fileName && !busy && (
            <span className="upload__file">
              <span className="upload__file-name" title={fileName}>
                {fileName}
              </span>
              {onRemove && !disabled && (
                <button
                  type="button"
                  className="upload__remove"
                  aria-label={t('Upload.remove', { name: fileName })}
                  onClick={onRemove}
                >
                  ×
                </button>
              )}
            </span>
          )}
          {!fileName && !busy && <span className="upload__empty">{t('Upload.noFile')}</span>}
        </div>
        {busy && <ProgressBar block="upload" label={t('Upload.progress')} percent={progress} showPercent />}
        <div className="upload__hint">
          {hint ??
            [
              types && t('Upload.allowedTypes', { types }),
              rules.maxBytes !== undefined && t('Upload.maxSize', { size: sizeText(rules.maxBytes) }),
            ]
              .filter(Boolean)
              .join(' · ')}
        </div>
      </div>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        accept={rules.extensions.join(',') || undefined}
        onChange={(e) => {
          pick(e.target.files);
          e.target.value = '';
        }}
      />
    </div>
  );
}

const UploadIcon = () => (
  <svg viewBox="0 0 20 20" width="15" height="15" aria-hidden="true" focusable="false">
    <path
      d="M10 13V3.5M6 7l4-4 4 4M3.5 13v2.5a1 1 0 0 0 1 1h11a1 1 0 0 0 1-1V13"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
