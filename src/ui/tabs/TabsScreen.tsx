// A page of tabs from a `tabs` definition (Batch Operation, 000 §2: batch upload and batch management): a WAI-ARIA
// tab list over one panel showing the chosen tab's screen, a form (DefinitionForm) or a list (ListScreen,
// embedded). The tab shown is in the address (?tab=name), so reload, a link and the browser's Back keep it.
// Keyboard: the tab list is one stop of Tab (the active tab); arrow keys, Home and End move between tabs and show
// them. A form tab with `after` switches, on a successful submit, to that tab, whose list starts with the filters
// the definition derives from the submitted form.
import { Suspense, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ResolvedScreen } from '../../engine';
import { evaluate } from '../../engine/logic';
import { useSearchParams } from '../router';
import { DefinitionForm, type SubmittedEvent } from '../form/DefinitionForm';
import { useI18n } from '../i18n';
import { nestedScreens } from '../runtime/nestedScreens';
import { useScreenEnv } from '../runtime/screenEnv';
import { toast } from '../shell/feedback';
import { ScreenCard, titleIdOf } from '../shell/ScreenCard';
import './tabs.css';

type Tab = NonNullable<ResolvedScreen['tabs']>[number];

export function TabsScreen({ screenId }: { screenId: string }) {
  const env = useScreenEnv();
  const { t } = useI18n();
  const { ListScreen } = nestedScreens();
  const screen = useMemo(() => env.engine.resolve(screenId, { config: env.config, user: env.user }), [env, screenId]);
  const [query, setQuery] = useSearchParams();
  const tabs = screen.tabs ?? [];
  const current = tabs.find((tab) => tab.name === query.get('tab')) ?? tabs[0];
  // Filters handed to a list tab by the submit that opened it; each opening mounts the list afresh.
  const [handed, setHanded] = useState<{ tab: string; filters: Record<string, unknown>; key: number } | null>(null);
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});

  const show = (tab: Tab, focus = false) => {
    setQuery(
      (q) => {
        const next = new URLSearchParams(q);
        next.set('tab', tab.name);
        return next;
      },
      { replace: true },
    );
    if (focus) buttons.current[tab.name]?.focus();
  };

  const onKey = (e: KeyboardEvent) => {
    const at = tabs.indexOf(current);
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    show(tabs[to], true);
  };

  const submitted = (tab: Tab) => (event: SubmittedEvent) => {
    toast(event.action.successMessage ?? 'Form.saved', { kind: 'success' });
    event.reset();
    const after = tab.after && tabs.find((x) => x.name === tab.after!.tab);
    if (!after) return;
    const ctx = { form: event.form, config: env.config, user: env.user };
    const filters = Object.fromEntries(
      Object.entries(tab.after!.filters ?? {}).map(([name, logic]) => [name, evaluate(logic, ctx)]),
    );
    setHanded((h) => ({ tab: after.name, filters, key: (h?.key ?? 0) + 1 }));
    show(after);
  };

  if (!current) return null;
  const target = env.engine.definition(current.screen);
  const idOf = (tab: Tab) => `${screenId}-tab-${tab.name}`;
  const titleId = titleIdOf(screenId);
  const fromSubmit = handed?.tab === current.name ? handed : null;
  return (
    <ScreenCard kind="tabs-screen" screenId={screenId} title={t(screen.title)}>
      <div className="tabs" role="tablist" aria-labelledby={titleId} onKeyDown={onKey}>
        {tabs.map((tab) => (
          <button
            key={tab.name}
            ref={(el) => {
              buttons.current[tab.name] = el;
            }}
            type="button"
            role="tab"
            id={idOf(tab)}
            data-tab={tab.name}
            className="tabs__tab"
            aria-selected={tab === current}
            aria-controls={`${idOf(tab)}-panel`}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => show(tab)}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      <div
        className="tabs__panel"
        role="tabpanel"
        id={`${idOf(current)}-panel`}
        aria-labelledby={idOf(current)}
        data-tab-panel={current.name}
      >
        <Suspense
          fallback={
            <div className="list-state" role="status">
              <span className="spinner" aria-hidden="true" />
            </div>
          }
        >
          {target.kind === 'list' ? (
            <ListScreen
              key={fromSubmit?.key ?? 0}
              screenId={current.screen}
              embedded
              startFilters={fromSubmit?.filters}
            />
          ) : (
            <DefinitionForm screenId={current.screen} onSubmitted={submitted(current)} />
          )}
        </Suspense>
      </div>
    </ScreenCard>
  );
}
