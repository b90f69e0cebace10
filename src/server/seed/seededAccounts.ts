// The demo seeds that add to some accounts (boxes, IVR, name tones) each walk their list of account codes the
// same way: the accounts the demo seeded, with their rows and their sites' configuration.
import type { AppContext } from '../context';

export async function* seededAccounts(ctx: AppContext, byCode: Map<string, number>, codes: Iterable<string>) {
  for (const code of codes) {
    const providerId = byCode.get(code);
    if (providerId === undefined) continue;
    const provider = await ctx.db
      .selectFrom('providers')
      .selectAll()
      .where('id', '=', providerId)
      .executeTakeFirstOrThrow();
    yield { code, providerId, provider, config: await ctx.config.forSite(provider.site) };
  }
}
