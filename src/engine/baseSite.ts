// The base site: site-variants/generic, under every other site's overlays and configuration. A module of its own so
// a page that needs only the name (the login page's session) does not load the source loader with it.
import type { SiteId } from './types';

/** The base layer: every other site is the generic definitions with its own overlays and configuration on top. */
export const BASE_SITE: SiteId = 'generic';
