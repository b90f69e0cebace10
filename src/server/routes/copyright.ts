// Copyright owners (000 §2 copyright maintenance, §3, §5, §7; 001 §7): the shared owner list
// (sp/querycopyright), adding an owner through the 'Add Copyright' dialog's rules (sp/addcopyright), and the
// owners of one tone (sp/querytonecopyright). Who sees what: services/copyright.ts.
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../http/route';
import { obj, oneOf, paging, stringRecord, text } from '../http/schemas';
import { pageRange } from '../db/paging';
import { ApiError, orNotFound } from '../envelope';
import { RC } from '../returnCodes';
import { engineFor } from '../validation';
import { audit } from '../services/audit';
import {
  addOwner,
  deleteOwner,
  listOwners,
  ownerColumns,
  ownerExists,
  ownOwner,
  toneCopyrights,
  tonesOfOwner,
  updateOwner,
} from '../services/copyright';

const str = (maxLength: number) => text({ maxLength });
const companyID = text({ pattern: '^\\d{1,9}$' });
/** The parameters of the Add and Modify Copyright dialogs (their definitions hold the rules). */
const ownerParams = {
  companyName: str(1024),
  copyRightType: oneOf(['2']),
  description: str(1024),
  email: str(1024),
  idNumber: str(1024),
  officialName: str(1024),
  phoneNumber: str(32),
  spCode: str(20),
  stageName: str(1024),
};
const owner = {
  type: 'object',
  properties: Object.fromEntries(
    [
      'companyID',
      'companyName',
      'copyRightType',
      'officialName',
      'phoneNumber',
      'email',
      'stageName',
      'idNumber',
      'description',
      'spCode',
    ].map((k) => [k, { type: 'string' }]),
  ),
};

export function copyrightRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    route({
      method: 'READ',
      url: '/sp/querycopyright',
      tag: 'copyright',
      summary: "Copyright owners of the provider's site, newest first, paged",
      description:
        "The owners every provider of the site may choose. Filters: copyRightType (2: copyright persons), officialName (contains, any case), phoneNumber (contains; own records only). phoneNumber is sent only on records whose spCode is the caller's code, otherwise empty. endRecordNum -1 gives the whole list (capped at 1000); queryType 1 only recordSum.",
      auth: 'session',
      params: obj({
        ...paging,
        copyRightType: text({ pattern: '^\\d{0,2}$' }),
        officialName: str(200),
        phoneNumber: text({ pattern: '^\\d{0,15}$' }),
      }),
      record: { type: 'array', items: owner },
      async handler(req, _reply, params) {
        const s = req.session;
        const filter = {
          site: s.provider.site,
          providerId: s.provider.id,
          copyRightType: params.copyRightType || undefined,
          officialName: typeof params.officialName === 'string' ? params.officialName.trim() : undefined,
          phoneNumber: params.phoneNumber || undefined,
        };
        return listOwners(req.server.ctx.db, filter, pageRange(params));
      },
    }),
    route({
      method: 'POST',
      url: '/sp/addcopyright',
      tag: 'copyright',
      summary: 'Add a copyright owner (dialog Add Copyright)',
      description:
        "Validated by the copyrightAdd definition (000 §5): officialName and stageName up to 200 without rule_valid_officialname's characters, idNumber required (1-100 letters or digits), phoneNumber by rule_user_number_regexp, email, description up to 256 without '|'. companyName follows the officialName rule. spCode must be the caller's own code. A national ID already in the site's catalogue gives 302031.",
      auth: 'session',
      write: true,
      params: obj({ ...ownerParams, notificationFlag: oneOf(['', '0', '1']) }, [
        'officialName',
        'idNumber',
        'phoneNumber',
      ]),
      screen: { id: 'copyrightAdd', call: 'add' },
      record: { type: 'object', properties: { companyID: { type: 'string' } } },
      codes: [RC.exists],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = req.session;
        const p = s.provider;
        const companyName = String(params.companyName ?? '') || String(params.officialName);
        const badName = engineFor(p.site).checkValue('officialName', companyName, { config: s.config });
        if (badName) throw new ApiError(RC.badInput, [], [{ field: 'companyName', message: badName }]);
        if (params.spCode !== undefined && params.spCode !== '' && params.spCode !== p.code) {
          throw new ApiError(RC.badInput, [], [{ field: 'spCode', message: 'Copyright.notOwnCode' }]);
        }
        const type = String(params.copyRightType ?? '2');
        const idNumber = String(params.idNumber);
        if (await ownerExists(ctx.db, p.site, type, idNumber)) throw new ApiError(RC.exists);
        const id = await addOwner(ctx.db, {
          provider_id: p.id,
          copyright_type: type,
          company_name: companyName,
          ...ownerColumns(params),
          created_at: ctx.now(),
        });
        await audit(ctx.db, {
          providerId: p.id,
          actor: p.code,
          action: 'addcopyright',
          entityType: 'copyright',
          entityId: id,
          detail: { notify: params.notificationFlag === '1' },
          ip: req.ip,
        });
        return { record: { companyID: String(id) } };
      },
    }),
    route({
      method: 'POST',
      url: '/sp/modcopyright',
      tag: 'copyright',
      summary: "Correct one of the provider's own copyright owners (dialog Modify Copyright)",
      description:
        "companyID of an owner the provider added (950005 otherwise) and its fields, validated as sp/addcopyright validates them (the copyrightEdit definition, the rules of Add Copyright). A national ID another owner of the site has gives 302031. Applied at once, as adding is (the site's copyright catalogue has no approval step); the tones naming the owner show the corrected values.",
      auth: 'session',
      write: true,
      params: obj({ companyID, ...ownerParams }, ['companyID', 'officialName', 'idNumber', 'phoneNumber']),
      screen: { id: 'copyrightEdit', call: 'edit' },
      codes: [RC.exists, RC.notFound],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const p = req.session.provider;
        const id = Number(params.companyID);
        const own = orNotFound(await ownOwner(ctx.db, p.id, id));
        const columns = ownerColumns(params);
        if (await ownerExists(ctx.db, p.site, own.copyright_type, columns.id_number, id)) throw new ApiError(RC.exists);
        await updateOwner(ctx.db, id, columns);
        await audit(ctx.db, {
          providerId: p.id,
          actor: p.code,
          action: 'modcopyright',
          entityType: 'copyright',
          entityId: id,
          ip: req.ip,
        });
        return { record: { companyID: String(id) } };
      },
    }),
    route({
      method: 'POST',
      url: '/sp/delcopyright',
      tag: 'copyright',
      summary: "Delete one of the provider's own copyright owners that no tone names",
      description:
        'companyID of an owner the provider added (950005 otherwise). An owner a tone names (in any role, the tone not deleted) is kept: 950004 (Copyright.ownerInUse) naming up to five of those tones. Applied at once, as adding is.',
      auth: 'session',
      write: true,
      params: obj({ companyID }, ['companyID']),
      codes: [RC.notFound, RC.badInput],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const p = req.session.provider;
        const id = Number(params.companyID);
        if (!(await ownOwner(ctx.db, p.id, id))) throw new ApiError(RC.notFound);
        const tones = await tonesOfOwner(ctx.db, id);
        if (tones.length)
          throw new ApiError(
            RC.badInput,
            [],
            [{ field: '', message: 'Copyright.ownerInUse', params: { tones: tones.join(', ') } }],
          );
        await deleteOwner(ctx.db, id);
        await audit(ctx.db, {
          providerId: p.id,
          actor: p.code,
          action: 'delcopyright',
          entityType: 'copyright',
          entityId: id,
          ip: req.ip,
        });
        return {};
      },
    }),
    route({
      method: 'READ',
      url: '/sp/querytonecopyright',
      tag: 'copyright',
      summary: "Copyright owners of one of the provider's tones",
      description:
        "Not shown in the spec; designed here. toneID or toneCode names one of the caller's tones (another provider's tone is 950005, as if it did not exist). record: {toneID, toneCode, copyrights: [{copyrightRole lyric|tune|record, companyID, companyName, officialName, validDay}]}, lyric first; recordSum the number of owners.",
      auth: 'session',
      params: obj({
        toneID: text({ pattern: '^\\d{1,9}$' }),
        toneCode: text({ pattern: '^\\d{1,22}$' }),
      }),
      record: stringRecord(['toneID', 'toneCode'], { copyrights: { type: 'array', items: { type: 'object' } } }),
      codes: [RC.notFound],
      async handler(req, _reply, params) {
        if (!params.toneID && !params.toneCode)
          throw new ApiError(RC.badInput, [], [{ field: 'toneCode', message: 'Copyright.toneRequired' }]);
        const found = orNotFound(
          await toneCopyrights(req.server.ctx.db, req.session.provider.id, {
            toneID: params.toneID ? Number(params.toneID) : undefined,
            toneCode: params.toneCode ? String(params.toneCode) : undefined,
          }),
        );
        return { record: found, recordSum: found.copyrights.length };
      },
    }),
  ]);
}
