// What the tone maintenance calls do to a provider's tones (001 §2.2, §4, §7): detail, tags, hide/resume,
// delete (in use = in a tone box or an IVR directory; forced delete; approval for providers in the approval
// flow); the export is in toneExport.ts. Every function takes the provider id and touches only that
// provider's tones, so a foreign or missing tone is simply "not found".
import { reasonText } from '../media/transcodes';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { submit } from '../lifecycle/lifecycle';
import { toneUses } from '../lifecycle/entities/tone';
import { audit } from './audit';
import { toneCondition, toneFields } from './toneRecord';
import { STATUS } from '../lifecycle/states';
import { namesIn } from './translations';
import { ownersOfTone } from './copyright';
import type { Lang } from '../returnCodes';

type Db = Kysely<Database>;

/** Batch delete limit of 001 §5.3, enforced here and in the screen definition. */
export const MAX_DELETE = 30;

const parseJson = (s: string): Record<string, unknown> => {
  try {
    return (JSON.parse(s || '{}') as Record<string, unknown>) ?? {};
  } catch {
    return {};
  }
};

/** The "Edit data read for a tone" of 001 §3, or undefined when the tone is not the provider's. */
export async function toneDetail(
  db: Db,
  providerId: number,
  by: { toneID?: number; toneCode?: string },
  lang: Lang = 'en',
) {
  let q = db
    .selectFrom('tones as t')
    .leftJoin('catalogues as c', 'c.id', 't.catalog_id')
    .leftJoin('languages as l', 'l.id', 't.language_id')
    .leftJoin('tariffs as g', 'g.id', 't.price_group_id')
    .selectAll('t')
    .select([
      'c.name as catName',
      'c.parent_id as catParent',
      'l.language_desc as languageDesc',
      'g.id as tariffId',
      'g.name as tariffName',
    ])
    .where('t.provider_id', '=', providerId)
    .where('t.status', '!=', STATUS.deleted);
  if (by.toneID !== undefined) q = q.where('t.id', '=', by.toneID);
  else q = q.where('t.tone_code', '=', String(by.toneCode));
  const t = await q.executeTakeFirst();
  if (!t) return undefined;
  // The catalogue and language names as the provider reads them (the form's options say the same).
  const [catalogueNames, languageNames, tariffNames] = await Promise.all([
    namesIn(db, 'catalogue', lang),
    namesIn(db, 'language', lang),
    namesIn(db, 'tariff', lang),
  ]);
  const catName = t.catName === null ? '' : catalogueNames(t.catalog_id, 'name', t.catName);
  const rights = await ownersOfTone(db, t.id);
  // Every owner of a role (up to 10 tune companies), as the owner selection shows them; one date per role.
  const owners = (role: string) => rights.filter((r) => r.role === role);
  const ownerRows = (role: string) =>
    owners(role).map((r) => ({
      companyID: String(r.company_id),
      companyName: r.company_name ?? '',
      officialName: r.official_name ?? '',
      stageName: r.stage_name ?? '',
    }));
  const ownerFields = (role: string) => ({
    [`${role}CompanyID`]: owners(role)
      .map((r) => String(r.company_id))
      .join(','),
    [`${role}ValidDay`]: owners(role)[0]?.valid_day ?? '',
    [`${role}Companies`]: ownerRows(role),
  });
  const tags = await db.selectFrom('tags').select('name').where('tone_id', '=', t.id).orderBy('id').execute();
  const files = parseJson(t.tone_file) as Record<string, string>;
  const play = (name?: string) => (name ? `/sp/file/${name}` : '');
  return {
    // The tone's own fields as its record names them (records/tone.json), then what joins and files add.
    ...toneFields().detail(t),
    // Tones stored before auto renewal had a details key kept it in the extra info: '1' or '0' either way.
    extendAbsoluteDateFlag:
      (parseJson(t.details).extendAbsoluteDateFlag ?? parseJson(t.additional_tone_info).extendAbsoluteDateFlag) === '1'
        ? '1'
        : '0',
    tags: tags.map((r) => r.name).join('~'),
    catalogInfo:
      t.catalog_id === null
        ? []
        : [
            {
              catalogID: String(t.catalog_id),
              catalogName: catName,
              parentID: t.catParent === null ? '' : String(t.catParent),
            },
          ],
    languageDesc: t.languageDesc === null ? '' : languageNames(t.language_id, 'name', t.languageDesc),
    // The tariff's name in the reader's language, as the tariff dialog and the box detail name it; '' without one.
    priceGroupName: t.tariffId === null || t.tariffName === null ? '' : tariffNames(t.tariffId, 'name', t.tariffName),
    // A failed transcode's reason, in the reader's language (stored as its message key, media/transcodes.ts).
    transcodeReason: reasonText(t.transcode_reason, lang),
    catName,
    webAuditonUrl: play(files.webAuditon),
    aipPlayUrl: play(files.aipPlay),
    hdPlayUrl: play(files.hdPlay),
    mediaPlayUrl: play(files.mediaPlay),
    imagePath: play(files.image),
    ...ownerFields('lyric'),
    ...ownerFields('tune'),
    ...ownerFields('record'),
    copyrights: rights.map((r) => ({
      role: r.role,
      companyID: String(r.company_id),
      companyName: r.company_name ?? '',
      validDay: r.valid_day,
    })),
  };
}

/** Keys of the detail answer beside the record's own fields (joins, files, owners): the route declares them with toneFields().detailKeys. */
export const DETAIL_EXTRA_KEYS = [
  'extendAbsoluteDateFlag',
  'tags',
  'languageDesc',
  'priceGroupName',
  'catName',
  'webAuditonUrl',
  'aipPlayUrl',
  'hdPlayUrl',
  'mediaPlayUrl',
  'imagePath',
];

/** The provider's tone id, or undefined. */
async function ownTone(db: Db, providerId: number, toneID: number) {
  return db
    .selectFrom('tones')
    .select(['id', 'tone_code'])
    .where('id', '=', toneID)
    .where('provider_id', '=', providerId)
    .where('status', '!=', STATUS.deleted)
    .executeTakeFirst();
}

export async function queryTags(db: Db, providerId: number, toneID: number) {
  if (!(await ownTone(db, providerId, toneID))) return undefined;
  const rows = await db.selectFrom('tags').select('name').where('tone_id', '=', toneID).orderBy('id').execute();
  return rows.map((r) => r.name);
}

/** Replaces the tone's tags; false when the tone is not the provider's. */
export async function replaceTags(
  db: Db,
  providerId: number,
  toneID: number,
  tags: string[],
  actor: string,
): Promise<boolean> {
  if (!(await ownTone(db, providerId, toneID))) return false;
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('tags').where('tone_id', '=', toneID).execute();
    if (tags.length)
      await tx
        .insertInto('tags')
        .values(tags.map((name) => ({ provider_id: providerId, tone_id: toneID, name })))
        .execute();
    await audit(tx, { providerId, actor, action: 'tone.tags', entityType: 'tone', entityId: toneID, detail: { tags } });
  });
  return true;
}

/**
 * Hide ('1' -> '2') or resume ('2' -> '1') the provider's tones. Tones in another state (pending, hidden and
 * unavailable, foreign) are left alone and reported as failed, as the raw result of 001 §7.
 */
export async function hideOrResume(
  db: Db,
  site: string,
  providerId: number,
  ids: number[],
  hide: boolean,
  now: number,
) {
  // The tones the row actions offer it for: the named expressions of their `visible` conditions, run in the query.
  const to = hide ? '2' : '1';
  const rows = await db
    .selectFrom('tones')
    .select(['id', 'tone_code'])
    .where('provider_id', '=', providerId)
    .where('id', 'in', ids)
    .where(toneCondition(site, hide ? 'toneNormal' : 'toneHidden'))
    .execute();
  const found = rows.map((r) => r.id);
  if (found.length)
    await db.updateTable('tones').set({ status: to, updated_at: now }).where('id', 'in', found).execute();
  const done = new Set(found);
  return { success: rows.map((r) => String(r.id)), failed: ids.filter((id) => !done.has(id)).map(String) };
}

export type DeleteOutcome =
  | { kind: 'notFound' }
  | { kind: 'inUse'; uses: Array<{ tone: string; boxes: string[]; directories: string[] }> }
  | { kind: 'done'; approval: boolean; count: number };

/**
 * Deletes the provider's tones through the lifecycle: a trusted provider's at once, anyone else's as a deletion
 * waiting for the operator, with the tones still on sale and in their boxes and directories meanwhile. A tone in a
 * music box or an IVR directory is "in use": without force nothing changes and the tones answer with the boxes and
 * directories that hold them (the confirmation names them); with force the deletion is sent, and once it applies
 * (at once, or on approval) the tone leaves those boxes and directories and their subscribers lose it.
 */
export async function deleteTones(
  db: Db,
  p: { provider: { id: number; code: string; believe_cp: string }; ids: number[]; force: boolean; now: number },
): Promise<DeleteOutcome> {
  const providerId = p.provider.id;
  return db.transaction().execute(async (tx) => {
    const rows = await tx
      .selectFrom('tones')
      .select(['id', 'tone_code', 'tone_name'])
      .where('provider_id', '=', providerId)
      .where('id', 'in', p.ids)
      .where('status', '!=', STATUS.deleted)
      .execute();
    if (rows.length !== new Set(p.ids).size) return { kind: 'notFound' } as const;
    const ids = rows.map((r) => r.id);
    const { boxes, directories } = await toneUses(tx, ids);
    const uses = rows
      .map((r) => ({
        tone: `"${r.tone_name}" (${r.tone_code}`,
        boxes: boxes.filter((b) => b.tone_id === r.id).map((b) => b.name),
        directories: directories.filter((d) => d.tone_id === r.id).map((d) => d.name),
      }))
      .filter((u) => u.boxes.length || u.directories.length);
    if (uses.length && !p.force) return { kind: 'inUse', uses } as const;
    const applied = await submit(
      tx,
      'tone',
      p.provider,
      ids.map((id) => ({ id, kind: 'delete' as const, payload: { force: p.force } })),
      { now: p.now },
    );
    const used = new Set([...boxes, ...directories].map((u) => u.tone_id));
    for (const id of ids)
      await audit(tx, {
        providerId,
        actor: p.provider.code,
        action: applied === 'applied' ? 'tone.delete' : 'tone.deleteRequest',
        entityType: 'tone',
        entityId: id,
        detail: { force: p.force, inUse: used.has(id) },
      });
    return { kind: 'done', approval: applied === 'pending', count: ids.length } as const;
  });
}
