// A centred message with an illustration: empty lists, missing privileges, screens not built yet, 404.
import type { ReactNode } from 'react';
import { Icon } from './Icon';

export function EmptyState({
  icon,
  tone = 'neutral',
  title,
  children,
  actions,
  headingLevel = 1,
}: {
  icon: string;
  tone?: 'neutral' | 'warning' | 'brand';
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={`empty-state empty-state--${tone}`}>
      <div className="empty-state__art" aria-hidden="true">
        <span className="empty-state__ring" />
        <Icon name={icon} size={36} />
      </div>
      <Heading className="empty-state__title">{title}</Heading>
      {children && <div className="empty-state__text">{children}</div>}
      {actions && <div className="button-row empty-state__actions">{actions}</div>}
    </section>
  );
}
