// A progress bar as the portal draws one (a file's upload, a form's transfer, a batch task's lines): a progressbar
// that assistive technology reads with its label and value, the filled part, and the number beside it where the
// bar is small enough to need one. `block` names the CSS block whose __progress and __bar draw it.
export function ProgressBar({
  percent,
  label,
  block,
  className,
  showPercent = false,
}: {
  percent: number;
  label: string;
  block: 'upload' | 'batch-results';
  /** More classes of the bar's frame (a form's transfer places it). */
  className?: string;
  showPercent?: boolean;
}) {
  return (
    <div
      className={className ? `${block}__progress ${className}` : `${block}__progress`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className={`${block}__bar`} style={{ width: `${percent}%` }} />
      {showPercent && <span className={`${block}__percent`}>{percent}%</span>}
    </div>
  );
}
