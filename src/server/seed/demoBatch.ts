// Demo batch tasks, so the batch screens open on something: for the Kenya provider one task in each status of
// 000 §4 (an export that succeeded with its file, an update and a copyright file with per-line results, a
// failed one, a deleted one, and one pending: queued to run half an hour after the first start), a finished
// batch tone upload for the generic provider and an expiry batch for the Ais provider.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../context';
import { FileStore } from '../files/storage';
import { recordUpload } from '../services/uploadedFiles';
import { exportCsv } from '../services/toneExport';
import { stateCondition, STATUS } from '../lifecycle/states';
import { createTask } from '../services/batch/tasks';
import { taskFileFormat } from '../services/batch/exportTask';
import { taskTypeOf } from '../services/batch/taskTypes';
import { storedMessage, ok, failed, refused, type LineOutcome } from '../services/batch/outcome';
import { RC } from '../returnCodes';

const HOUR = 3_600_000;

interface DemoTask {
  type: string;
  desc: string;
  fileName: string;
  status: '3' | '4' | '6';
  ageHours: number;
  lines: Array<[string, LineOutcome]>;
  error?: string;
}

export async function seedDemoBatch(ctx: AppContext, store: FileStore, providers: Map<string, number>): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  const kenya = providers.get('8800020');
  const generic = providers.get('8800010');
  const ais = providers.get('8800030');
  const insert = async (providerId: number, t: DemoTask, resultFile = '') => {
    const def = taskTypeOf(t.type)!;
    const good = t.lines.filter(([, o]) => o.code === RC.ok).length;
    const at = now - t.ageHours * HOUR;
    const { id } = await db
      .insertInto('batch_tasks')
      .values({
        provider_id: providerId,
        task_name: def.name,
        task_type: def.type,
        task_type_name: def.name,
        task_desc: t.desc,
        request_time: at,
        run_time: at + 2000,
        status: t.status,
        state: t.status === '3' ? 'done' : t.status === '4' ? 'failed' : 'done',
        file_name: t.fileName,
        total_count: t.lines.length,
        success_count: good,
        fail_count: t.lines.length - good,
        done_count: t.lines.length,
        attempts: t.status === '4' ? 3 : 1,
        finished_at: at + 9000,
        progress: '',
        data: '',
        locked_by: null,
        locked_at: null,
        result_file: resultFile,
        error: t.error ?? '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (t.lines.length) {
      await db
        .insertInto('batch_task_lines')
        .values(
          t.lines.map(([input, o], i) => ({
            task_id: id,
            line_no: i + 1,
            input,
            return_code: o.code,
            return_msg: storedMessage(o),
          })),
        )
        .execute();
    }
    return id;
  };

  // The seeded tones' codes (the system's) by their place in the provider's list; a code no tone has for 'missing'.
  const codesOf = async (providerId: number) => {
    const rows = await db
      .selectFrom('tones')
      .select(['seq', 'tone_code'])
      .where('provider_id', '=', providerId)
      .execute();
    const bySeq = new Map(rows.map((r) => [Number(r.seq), r.tone_code]));
    return (seq: number) => bySeq.get(seq) ?? '';
  };
  const missing = '19999999999';

  if (kenya) {
    const code = await codesOf(kenya);
    // The export that succeeded, with its file (the tone export's CSV).
    const saved = FileStore.savedName('csv');
    const temp = store.temp();
    // Written as an export task writes it when the portal asks (readable, English, the server's time zone).
    const provider = await db.selectFrom('providers').selectAll().where('id', '=', kenya).executeTakeFirstOrThrow();
    const format = taskFileFormat({
      data: { format: 'readable', lang: 'en' },
      provider,
      config: await ctx.config.forSite(provider.site),
    });
    await pipeline(Readable.from(exportCsv(ctx.handle, kenya, format)), temp.stream);
    await store.commit(temp.path, kenya, saved);
    const exportId = await insert(
      kenya,
      { type: '1', desc: 'Monthly catalogue export', fileName: '', status: '3', ageHours: 50, lines: [] },
      saved,
    );
    const rows = (
      await db
        .selectFrom('tones')
        .select('id')
        .where('provider_id', '=', kenya)
        .where('status', '!=', STATUS.deleted)
        .execute()
    ).length;
    await db
      .updateTable('batch_tasks')
      .set({ total_count: rows, success_count: rows, done_count: rows })
      .where('id', '=', exportId)
      .execute();
    await recordUpload(db, {
      providerId: kenya,
      savedFilename: saved,
      original: `tones_8800020_${exportId}.csv`,
      kind: 'csv',
      size: 0,
      info: {},
      now,
    });

    await insert(kenya, {
      type: '2',
      desc: 'Singer names after the label merger',
      fileName: 'singers.txt',
      status: '3',
      ageHours: 30,
      lines: [
        [`${code(9)}|Morning Light (Acoustic)|Amani Otieno`, ok('Batch.toneSubmitted')],
        [`${code(10)}||Lina Haddad`, ok('Batch.toneSubmitted')],
        [`${missing}|Unknown tone|`, failed(RC.notFound, 'Batch.toneMissing', { toneCode: missing })],
        [
          `${code(2)}|Bad "quote"|`,
          refused([{ field: 'toneName', message: 'CommonRes.illegalChar', params: { char: '"' } }]),
        ],
      ],
    });
    await insert(kenya, {
      type: '3',
      desc: 'New lyricists',
      fileName: 'owners.txt',
      status: '3',
      ageHours: 20,
      lines: [
        [
          'Wanjiru Kamau|Wanjiru|KE30011223|254722000111|wanjiru@example.com|Lyricist',
          ok('Batch.copyrightAdded', { companyID: '-' }),
        ],
        [
          'Otieno Brothers|OB|KE30011224|not-a-phone',
          refused([{ field: 'phoneNumber', message: 'CommonRes.phoneNumberInvalid' }]),
        ],
      ],
    });
    await insert(kenya, {
      type: '3',
      desc: 'Owners from the old system',
      fileName: 'legacy_owners.txt',
      status: '4',
      ageHours: 10,
      error: 'the database was unavailable on every attempt',
      lines: [
        [
          'Legacy Owner|Legacy|KE30019999|254722000999',
          failed(RC.serverError, 'Batch.lineNotApplied', { reason: 'the database was unavailable on every attempt' }),
        ],
      ],
    });
    await insert(kenya, {
      type: '2',
      desc: 'Test file (deleted)',
      fileName: 'test.txt',
      status: '6',
      ageHours: 5,
      lines: [[`${code(1)}|Test|`, ok('Batch.toneSubmitted')]],
    });
    // Pending: a real task on the queue, held back for half an hour after the first start.
    await createTask(ctx, {
      providerId: kenya,
      type: taskTypeOf('2')!,
      taskName: 'batchUpdateToneAndSinger',
      desc: 'Scheduled rename',
      fileName: 'rename.txt',
      lines: [{ no: 1, text: `${code(9)}|Morning Light (Radio Edit)|` }],
      startAfter: now + HOUR / 2,
    });
  }
  if (generic) {
    // The lines name tones the demo has waiting for approval of their addition.
    const tones = await db
      .selectFrom('tones')
      .select('tone_code')
      .where('provider_id', '=', generic)
      .where(stateCondition('add'))
      .orderBy('seq')
      .limit(2)
      .execute();
    await insert(generic, {
      type: '4',
      desc: '',
      fileName: 'spring_release.zip',
      status: '3',
      ageHours: 26,
      lines: [
        [
          `Spring Song|Amani Otieno|1|...|spring_web.wav|spring_ivr.wav`,
          ok('Batch.toneAddedForApproval', { toneCode: tones[0]?.tone_code ?? '' }),
        ],
        [
          `Rainy Day|Lina Haddad|2|...|rain_web.wav|rain_ivr.wav`,
          ok('Batch.toneAddedForApproval', { toneCode: tones[1]?.tone_code ?? '' }),
        ],
        [
          `Too Pricey|Group Sawti|-1|...|pricey_web.wav|pricey_ivr.wav`,
          refused([{ field: 'price', message: 'CommonRes.priceRange', params: { min: '0.00', max: '5.00' } }]),
        ],
      ],
    });
  }
  if (ais) {
    const code = await codesOf(ais);
    await insert(ais, {
      type: '5',
      desc: new Date(now + 400 * 24 * HOUR).toISOString().slice(0, 10),
      fileName: '',
      status: '3',
      ageHours: 8,
      // Tone 6 shows 'modification to be approved' in the demo; tone 5 waits for its addition.
      lines: [
        [code(6), ok('Batch.toneSubmitted')],
        [code(5), failed(RC.badInput, 'Batch.tonePending', { toneCode: code(5) })],
        [missing, failed(RC.notFound, 'Batch.toneMissing', { toneCode: missing })],
      ],
    });
  }
}
