import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOperatorSession } from '../../../test/builders.ts';
import type { TestContext } from '../../../test/test-context.ts';
import { api, createPaymentsContext, payingMember, PIN, requestId, type PayingMember } from '../../../test/payments-fixture.ts';

let ctx: TestContext;
let reviewer: string;

beforeAll(async () => {
  ({ ctx } = await createPaymentsContext());
  reviewer = await newOperatorSession(ctx.core, ctx.app, 'risk');
});
afterAll(async () => ctx.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function upload(member: PayingMember, slot: string, body: Buffer, options: { name?: string; type?: string } = {}) {
  const query = options.name === undefined ? '' : `?name=${encodeURIComponent(options.name)}`;
  return ctx.app.inject({ method: 'PUT', url: `/api/kyc/files/${slot}${query}`, headers: { ...bearer(member.token), 'content-type': options.type ?? 'application/octet-stream' }, payload: body });
}
const status = async (member: PayingMember) => (await api(ctx, 'GET', '/api/kyc', member.token)).json();
const submit = (member: PayingMember, documentType = 'rg') => api(ctx, 'POST', '/api/kyc/submit', member.token, { documentType });
const decide = (id: string, body: object, token = reviewer) => api(ctx, 'POST', `/api/backoffice/kyc/verifications/${id}/decision`, token, body);
const pendingIdOf = async (member: PayingMember) =>
  ((await api(ctx, 'GET', `/api/backoffice/kyc/verifications?status=pending&member=${member.account}`, reviewer)).json().content as { id: string }[])[0]!.id;
const inbox = async (member: PayingMember) => (await api(ctx, 'GET', '/api/messages', member.token)).json().messages as { template: string | null; params: Record<string, string> | null }[];

async function sendRg(member: PayingMember) {
  expect((await upload(member, 'document_front', PNG, { name: 'frente.png' })).statusCode).toBe(201);
  expect((await upload(member, 'document_back', PDF, { name: 'verso.pdf' })).statusCode).toBe(201);
  expect((await upload(member, 'selfie', JPEG, { name: 'selfie.jpg' })).statusCode).toBe(201);
  const sent = await submit(member);
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json();
}

describe('KYC upload, by content', () => {
  it('takes PNG, JPEG and PDF by their bytes whatever the name or declared type, and refuses the rest', async () => {
    const member = await payingMember(ctx, { kyc: false });
    expect((await status(member)).state).toBe('unverified');
    // A PNG named .pdf and declared as a PDF is stored as what its bytes say.
    const png = await upload(member, 'document_front', PNG, { name: 'scan.pdf', type: 'application/pdf' });
    expect(png.statusCode).toBe(201);
    expect(png.json()).toMatchObject({ slot: 'document_front', contentType: 'image/png', fileName: 'scan.pdf', size: PNG.length });
    expect((await upload(member, 'selfie', PDF)).json()).toMatchObject({ contentType: 'application/pdf' });
    // Wrong bytes under a good name: a GIF, HTML and a "PDF" missing its header.
    for (const [bytes, name] of [
      [Buffer.from('GIF89a........'), 'documento.png'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'rg.pdf'],
      [Buffer.from('PDF-1.7 not really'), 'rg.pdf'],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'short.png'],
    ] as const) {
      const refused = await upload(member, 'document_back', bytes, { name, type: 'image/png' });
      expect(refused.statusCode, name).toBe(415);
      expect(refused.json().error.code).toBe('kyc.file_invalid');
    }
    const empty = await upload(member, 'document_back', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('kyc.file_empty');
    // Exactly 10 MB is taken; a byte more is refused (by the body limit or the check), never stored.
    const tenMb = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 - PNG.length)]);
    expect((await upload(member, 'document_back', tenMb)).statusCode).toBe(201);
    const tooBig = await upload(member, 'document_back', Buffer.concat([tenMb, Buffer.alloc(1)]));
    expect(tooBig.statusCode).toBe(413);
    const huge = await upload(member, 'document_back', Buffer.concat([tenMb, Buffer.alloc(1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect((await status(member)).draft.find((file: { slot: string }) => file.slot === 'document_back').size).toBe(10 * 1024 * 1024);
    // Unknown slots and anonymous callers.
    expect((await upload(member, 'passport_photo', PNG)).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/kyc/files/selfie', headers: { 'content-type': 'image/png' }, payload: PNG })).statusCode).toBe(401);
  });

  it('keeps a hostile file name as harmless text for the reviewer only', async () => {
    const member = await payingMember(ctx, { kyc: false });
    const cases: [string, string][] = [
      ['../../../etc/passwd', 'passwd'],
      ['..\\..\\windows\\system32\\cmd.exe', 'cmd.exe'],
      ['<img src=x onerror=alert(1)>.png', 'img src=x onerror=alert(1).png'],
      ['rg\t.png\r\n', 'rg.png'],
      ['\u202eexe.png', 'exe.png'],
      ['...', 'imagem.png'],
      ['', 'imagem.png'],
      ['a'.repeat(900), 'a'.repeat(120)],
      ['😀'.repeat(200), '😀'.repeat(120)],
      ["'; drop table kyc_file;--.png", "'; drop table kyc_file;--.png"],
    ];
    for (const [name, stored] of cases) {
      const response = await upload(member, 'document_front', PNG, { name });
      expect(response.statusCode, name.slice(0, 20)).toBe(201);
      expect(response.json().fileName, name.slice(0, 20)).toBe(stored);
    }
    // A NUL byte is refused by the request guards before anything is stored.
    expect((await upload(member, 'selfie', PNG, { name: 'rg\u0000.png' })).statusCode).toBe(400);
    const { rows } = await sql<{ n: string }>`select count(*) as n from kyc_file where member_id = ${member.id}`.execute(ctx.core.db);
    expect(Number(rows[0]!.n)).toBe(1);
  });
});

describe('KYC state machine and review', () => {
  it('unverified → pending → rejected (reason shown, translated by code) → pending → verified, told by platform messages and audited', async () => {
    const member = await payingMember(ctx, { kyc: false });
    // The files a document needs: RG front, back and selfie; a submission without them is refused.
    expect((await upload(member, 'document_front', PNG)).statusCode).toBe(201);
    expect((await submit(member)).json()).toMatchObject({ error: { code: 'kyc.documents_missing', details: { missing: ['document_back', 'selfie'] } } });
    expect((await api(ctx, 'POST', '/api/kyc/submit', member.token, { documentType: 'ssn' })).statusCode).toBe(400);
    expect((await upload(member, 'document_back', PNG)).statusCode).toBe(201);
    expect((await upload(member, 'selfie', JPEG)).statusCode).toBe(201);
    // A double click sends once.
    const [first, second] = await Promise.all([submit(member), submit(member)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const pending = await status(member);
    expect(pending).toMatchObject({ state: 'pending', documentType: 'rg', draft: [], rejectReason: null });
    // While pending nothing more is sent.
    expect((await upload(member, 'selfie', JPEG)).json().error.code).toBe('kyc.already_pending');

    // The sandbox provider left it for review; the console shows it with the member's declared data and files.
    const id = await pendingIdOf(member);
    const detail = (await api(ctx, 'GET', `/api/backoffice/kyc/verifications/${id}`, reviewer)).json();
    expect(detail).toMatchObject({ member: member.account, status: 'pending', providerDecision: 'review', payeeName: `Fulano ${member.account}` });
    expect(detail.files.map((file: { slot: string }) => file.slot)).toEqual(['document_front', 'document_back', 'selfie']);
    const file = await ctx.app.inject({ method: 'GET', url: `/api/backoffice/kyc/verifications/${id}/files/${detail.files[2].id}`, headers: bearer(reviewer) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(JPEG)).toBe(true);

    // Only kyc.review: finance and the member are refused; a refusal needs a known reason.
    const finance = await newOperatorSession(ctx.core, ctx.app, 'finance');
    expect((await decide(id, { decision: 'approve' }, finance)).statusCode).toBe(403);
    expect((await decide(id, { decision: 'approve' }, member.token)).statusCode).toBe(401);
    expect((await decide(id, { decision: 'reject' })).statusCode).toBe(400);
    expect((await decide(id, { decision: 'reject', reason: '<b>no</b>' })).statusCode).toBe(400);
    expect((await decide(id, { decision: 'reject', reason: 'other', note: 'x'.repeat(501) })).statusCode).toBe(400);
    const [a, b] = await Promise.all([decide(id, { decision: 'reject', reason: 'selfie_mismatch', note: 'Selfie sem rosto visível' }), decide(id, { decision: 'reject', reason: 'selfie_mismatch', note: 'Selfie sem rosto visível' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await status(member)).toMatchObject({ state: 'rejected', rejectReason: 'selfie_mismatch', rejectNote: 'Selfie sem rosto visível' });
    expect((await decide(id, { decision: 'approve' })).json().error.code).toBe('kyc.not_pending');
    expect((await inbox(member)).filter((message) => message.template === 'kyc_rejected')).toEqual([expect.objectContaining({ params: { reason: 'selfie_mismatch' } })]);

    // Sent again (a passport: photo page and selfie), approved.
    expect((await upload(member, 'document_front', PDF)).statusCode).toBe(201);
    expect((await upload(member, 'selfie', PNG)).statusCode).toBe(201);
    expect((await submit(member, 'passport')).json()).toMatchObject({ state: 'pending', documentType: 'passport', rejectReason: null });
    const again = await pendingIdOf(member);
    expect((await decide(again, { decision: 'approve' })).json()).toEqual({ id: again, status: 'verified' });
    expect(await status(member)).toMatchObject({ state: 'verified', documentType: 'passport' });
    expect((await upload(member, 'selfie', PNG)).json().error.code).toBe('kyc.already_verified');
    expect((await inbox(member)).some((message) => message.template === 'kyc_verified')).toBe(true);
    const audit = await ctx.core.db.selectFrom('backoffice_audit').select(['action', 'operator_id']).where('target_type', '=', 'kyc_verification').where('target_id', 'in', [id, again]).orderBy('id').execute();
    expect(audit.map((row) => row.action)).toEqual(['kyc.reject', 'kyc.approve']);
  });
});

describe('withdrawals need a verified identity', () => {
  async function withPayoutKey(member: PayingMember) {
    const saved = await api(ctx, 'PUT', '/api/payments/payout-account', member.token, { account: { kind: 'pix', keyType: 'cpf', key: member.cpf }, password: member.password });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const withdraw = (member: PayingMember, amount: string) => api(ctx, 'POST', '/api/payments/withdrawals', member.token, { amount, paymentPassword: PIN, requestId: requestId() });

  it('refuses the first withdrawal until verified, then lets it proceed; above the threshold every one needs it', async () => {
    const member = await payingMember(ctx, { kyc: false, balance: 1_000_000n });
    await withPayoutKey(member);
    const refused = await withdraw(member, '50.00');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'kyc.verification_required', details: { state: 'unverified', first: true, threshold: '2000.00' } });
    expect((await api(ctx, 'GET', '/api/wallet/balance', member.token)).json().cash).toBe('10000.00');

    await sendRg(member);
    expect((await withdraw(member, '50.00')).json().error.details.state).toBe('pending');
    expect((await decide(await pendingIdOf(member), { decision: 'approve' })).statusCode).toBe(200);
    const paid = await withdraw(member, '50.00');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('reviewing');
    expect((await withdraw(member, '2500.00')).statusCode).toBe(200);
  });

  it('lets a member with an earlier withdrawal take up to the threshold unverified, and refuses above it (threshold from settings)', async () => {
    const member = await payingMember(ctx, { kyc: false, balance: 1_000_000n });
    await withPayoutKey(member);
    // An earlier withdrawal (before the rule): the next ones are not the first.
    await sql`insert into kyc_verification (member_id, document_type, status, provider, reviewed_at) values (${member.id}, 'rg', 'verified', 'fixture', now())`.execute(ctx.core.db);
    expect((await withdraw(member, '30.00')).statusCode).toBe(200);
    await sql`delete from kyc_verification where member_id = ${member.id}`.execute(ctx.core.db);
    expect((await withdraw(member, '2000.00')).statusCode).toBe(200);
    expect((await withdraw(member, '2000.01')).json().error).toMatchObject({ code: 'kyc.verification_required', details: { first: false, threshold: '2000.00' } });
    const settings = await ctx.core.modules.system.api.getSettings();
    await ctx.core.modules.system.api.updateSetting('payments', { ...settings.payments, withdrawal: { ...settings.payments.withdrawal, kycRequiredAbove: '100.00' } }, 'test');
    try {
      expect((await withdraw(member, '100.01')).json().error.details.threshold).toBe('100.00');
      expect((await withdraw(member, '100.00')).statusCode).toBe(200);
    } finally {
      await ctx.core.modules.system.api.updateSetting('payments', settings.payments, 'test');
    }
  });
});

describe('name and birthday never come from the CPF', () => {
  it('saving a CPF fills in nothing else, and a verification changes neither', async () => {
    const member = await payingMember(ctx, { cpf: false, kyc: false });
    await sql`update accounts_member set birthday = null where id = ${member.id}`.execute(ctx.core.db);
    // Only the CPF sent (name missing): refused, nothing filled in from the CPF.
    const onlyCpf = await api(ctx, 'PUT', '/api/member/identity', member.token, { cpf: '529.982.247-25' });
    expect(onlyCpf.statusCode).toBe(400);
    const saved = await api(ctx, 'PUT', '/api/member/identity', member.token, { payeeName: 'Maria Declarada Silva', cpf: '111.444.777-35' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ payeeName: 'Maria Declarada Silva', birthday: null });
    const row = await ctx.core.db.selectFrom('accounts_member').select(['payee_name', 'birthday']).where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ payee_name: 'Maria Declarada Silva', birthday: null });
    // An approved verification leaves the declared data as the member typed it.
    await sendRg(member);
    await decide(await pendingIdOf(member), { decision: 'approve' });
    expect(await ctx.core.modules.accounts.api.declaredIdentityOf(member.id)).toEqual({ payeeName: 'Maria Declarada Silva', birthday: null });
  });
});
