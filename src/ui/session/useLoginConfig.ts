// The login configuration (common/queryloginconfig): picture code on/off, allowed special characters, the
// site variant and the dropdown dictionaries. Read once per page load and shared by the public pages.
import { useEffect, useMemo, useState } from 'react';
import { api, type LoginConfig } from '../../api';
import type { SiteId } from '../../engine/types';
import { loginSite } from './loginScreen';

let cached: Promise<LoginConfig> | undefined;

export function loadLoginConfig(): Promise<LoginConfig> {
  cached ??= api.loginConfig().then(
    (a) => a.record ?? {},
    () => ({}),
  );
  return cached;
}

export interface LoginSetup {
  ready: boolean;
  site: SiteId;
  /** The login configuration as operator configuration keys, for the definitions' conditions and placeholders. */
  config: Record<string, string>;
  raw: LoginConfig;
}

export function useLoginConfig(): LoginSetup {
  const [raw, setRaw] = useState<LoginConfig | undefined>(undefined);
  useEffect(() => {
    void loadLoginConfig().then(setRaw);
  }, []);
  // One object per answer: the forms below re-resolve (and rjsf re-reads its props) when it changes.
  return useMemo(() => {
    const site = loginSite(raw?.site);
    const config: Record<string, string> = {};
    if (raw?.pictureCode !== undefined) config.login_picture_code = raw.pictureCode;
    if (raw?.allowedPasswordSpecialChar) config.allowed_password_special_char = raw.allowedPasswordSpecialChar;
    return { ready: raw !== undefined, site, config, raw: raw ?? {} };
  }, [raw]);
}
