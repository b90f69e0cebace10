// What every rendered screen needs besides its definition: the site's engine and the session's configuration,
// user and dictionaries. The shell provides it once (from its session store); forms, lists and widgets read it
// here, so they never reach into the session store themselves and can be mounted in tests with any context.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Config, Engine, SiteId } from '../../engine';

/** A dictionary entry of the login configuration (000 §3: itemCode, itemLabelValue, itemValue; dictType names the dictionary). */
export interface DictionaryItem {
  dictType?: string;
  itemCode?: string;
  itemLabelValue?: string;
  itemValue?: string | number;
}

export interface ScreenEnv {
  engine: Engine;
  site: SiteId;
  config: Config;
  user: Record<string, unknown>;
  /** Dictionaries by type, or one flat list whose dictType names the dictionary. */
  dictionaries?: Record<string, DictionaryItem[]> | DictionaryItem[];
}

const ScreenEnvContext = createContext<ScreenEnv | null>(null);

/** The application gives its engine: the portal's site engine, the console's own (src/ui/operator). */
export function ScreenEnvProvider({
  site,
  config,
  user,
  dictionaries,
  engine,
  children,
}: ScreenEnv & { children: ReactNode }) {
  const value = useMemo(
    () => ({ engine, site, config, user, dictionaries }),
    [engine, site, config, user, dictionaries],
  );
  return <ScreenEnvContext.Provider value={value}>{children}</ScreenEnvContext.Provider>;
}

export function useScreenEnv(): ScreenEnv {
  const env = useContext(ScreenEnvContext);
  if (!env) throw new Error('useScreenEnv outside ScreenEnvProvider');
  return env;
}

/** The entries of one dictionary, whichever of the two shapes the session holds. */
export function dictionaryItems(env: Pick<ScreenEnv, 'dictionaries'>, code: string): DictionaryItem[] {
  const d = env.dictionaries;
  if (!d) return [];
  if (Array.isArray(d)) return d.filter((i) => (i.dictType ?? i.itemCode) === code);
  return d[code] ?? [];
}
