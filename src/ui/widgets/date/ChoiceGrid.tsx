// A grid of choices (years, months) operated like the day grid: arrow keys move (columns wide), Home/End to
// the ends, Enter or Space choose. One button is in the tab order (roving tabindex).
import { useEffect, useRef, useState } from 'react';

export interface ChoiceGridProps {
  label: string;
  items: Array<{ value: number; text: string; disabled?: boolean }>;
  selected?: number;
  initial: number;
  columns: number;
  onChoose(value: number): void;
}

export function ChoiceGrid({ label, items, selected, initial, columns, onChoose }: ChoiceGridProps) {
  const start = Math.max(
    0,
    items.findIndex((i) => i.value === initial),
  );
  const [focus, setFocus] = useState(start);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  useEffect(() => {
    refs.current[focus]?.focus();
    refs.current[focus]?.scrollIntoView?.({ block: 'nearest' });
  }, [focus]);

  const move = (e: React.KeyboardEvent) => {
    // Right to left the grid is mirrored: the left arrow goes on to the next item.
    const step = (e.currentTarget as HTMLElement).closest('[dir="rtl"]') ? -1 : 1;
    const delta: Record<string, number> = {
      ArrowLeft: -step,
      ArrowRight: step,
      ArrowUp: -columns,
      ArrowDown: columns,
    };
    let next: number;
    if (e.key in delta) next = focus + delta[e.key];
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    else return;
    e.preventDefault();
    setFocus(Math.min(items.length - 1, Math.max(0, next)));
  };

  return (
    <div
      className="choice-grid"
      role="listbox"
      aria-label={label}
      style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}
      onKeyDown={move}
    >
      {items.map((item, i) => (
        <button
          key={item.value}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="option"
          aria-selected={item.value === selected}
          tabIndex={i === focus ? 0 : -1}
          disabled={item.disabled}
          className={`choice-grid__item${item.value === selected ? ' is-selected' : ''}`}
          onClick={() => onChoose(item.value)}
          onFocus={() => setFocus(i)}
        >
          {item.text}
        </button>
      ))}
    </div>
  );
}
