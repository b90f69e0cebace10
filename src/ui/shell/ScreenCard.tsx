// The card a definition's screen stands in (a form, a list, tabs): its title as the page's heading, which also
// names the card for assistive technology, and the screen's body below.
import type { ReactNode } from 'react';

/** The id of a screen's title, for what else the title names (a tab list). */
export const titleIdOf = (screenId: string) => `${screenId}-title`;

export function ScreenCard({
  kind,
  screenId,
  title,
  marked = true,
  children,
}: {
  /** The screen's kind, a class of its own (form-screen, list-screen, tabs-screen). */
  kind: string;
  screenId: string;
  title: string;
  /** Whether the card carries data-screen (a form's is set on the form inside it). */
  marked?: boolean;
  children: ReactNode;
}) {
  const titleId = titleIdOf(screenId);
  return (
    <section className={`card ${kind}`} aria-labelledby={titleId} data-screen={marked ? screenId : undefined}>
      <header className="card__header">
        <h1 className="card__title" id={titleId}>
          {title}
        </h1>
      </header>
      <div className="card__body">{children}</div>
    </section>
  );
}
