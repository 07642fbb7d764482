import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PUSH_DEVICES, NOTIFICATION_MSG } from '../../shared/notifications.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { startPushReceiver } from '../../../test/push-receiver.js';
import { notify } from './notify.js';
import { endpointAllowed } from './push-endpoint.js';
import { INTERRUPTED, claimDuePushes, sendDuePushes, webPushSender, type PushSender } from './push-queue.js';

let ctx: TestContext;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
let superAdmin: Session;
let director: Session;
let kid: Session;
let club: { id: string };

beforeAll(async () => {
  receiver = await startPushReceiver();
  // The real web-push sender (encryption, VAPID), to the local receiver: outside production, http on
  // this machine is allowed as an endpoint.
  ctx = await createTestApp();
  superAdmin = await signUp(ctx.app, { name: 'Super Admin' });
  director = await signUp(ctx.app, { name: 'Diretora' });
  kid = await signUp(ctx.app, { name: 'Kid' });
  club = await createClub(ctx.app, director, 'Push');
  await addMember(ctx.db, club.id, kid.profile.id);
  // Old enough for their own phone (src/shared/minor.ts: no birth date means a minor).
  await ctx.db.query(`UPDATE club_members SET birth_date = '2000-01-01' WHERE club_id = $1 AND profile_id = $2`, [club.id, kid.profile.id]);
});
afterAll(async () => {
  await ctx.close();
  await receiver.close();
});

const subscribe = (as: Session, body: unknown) => call(ctx.app, 'POST', '/api/notifications/push/subscriptions', { as, body });
const pushTo = (profileId: string, title: string, extra: { urgent?: boolean } = {}) =>
  notify(ctx.db, { clubId: club.id, to: [profileId], category: 'achievements', kind: 'submission.approved', title, link: '/dashboard/minhas-tarefas', ...extra });
const deliveries = (status: string) =>
  ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM push_deliveries WHERE status = $1`, [status]).then((r) => r[0].n);

describe(`web push on ${engineName()}`, () => {
  it('a subscribed device gets the notification encrypted with its keys, with the screen to open', async () => {
    expect((await subscribe(kid, receiver.device('kid-phone'))).statusCode).toBe(201);
    await pushTo(kid.profile.id, 'Envio aprovado: Nó de escota', { urgent: true });
    await ctx.app.notifications.drain();
    const got = receiver.received.filter((r) => r.device === 'kid-phone');
    expect(got.map((r) => r.payload)).toEqual([expect.objectContaining({ title: 'Envio aprovado: Nó de escota', link: '/dashboard/minhas-tarefas', club_id: club.id })]);
    expect(String(got[0]?.headers.authorization)).toMatch(/^vapid t=/);
    expect(got[0]?.headers['content-encoding']).toBe('aes128gcm');
  });

  it("a minor's phone gets nothing until a guardian with consent in force allows it in /familia; a withdrawn consent stops it again", async () => {
    const minor = await signUp(ctx.app, { name: 'Menor' });
    const mother = await signUp(ctx.app, { name: 'Mãe do Menor' });
    const outsider = await signUp(ctx.app, { name: 'Outra pessoa' });
    await addMember(ctx.db, club.id, minor.profile.id);
    const [m] = await ctx.db.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2`, [club.id, minor.profile.id]);
    const memberId = String(m?.id);
    const [g] = await ctx.db.query<{ id: string }>(`INSERT INTO member_guardians (club_id, member_id, full_name, email, relationship, profile_id, accepted_at)
      VALUES ($1, $2, 'Mãe do Menor', $3, 'Mãe', $4, now()) RETURNING id`, [club.id, memberId, mother.profile.email, mother.profile.id]);
    const [text] = await ctx.db.query<{ id: string; version: number }>(`SELECT id, version FROM consent_texts WHERE club_id = $1 ORDER BY version DESC LIMIT 1`, [club.id]);
    await ctx.db.query(`INSERT INTO member_consents (club_id, member_id, guardian_id, guardian_profile_id, consent_text_id, version) VALUES ($1, $2, $3, $4, $5, $6)`,
      [club.id, memberId, g?.id, mother.profile.id, text?.id, text?.version]);
    expect((await subscribe(minor, receiver.device('minor-phone'))).statusCode).toBe(201);
    const got = () => receiver.received.filter((r) => r.device === 'minor-phone').map((r) => (r.payload as { title: string }).title);

    await pushTo(minor.profile.id, 'Antes da permissão', { urgent: true });
    await ctx.app.notifications.drain();
    expect(got()).toEqual([]);
    // The in-app notification is there all the same.
    expect((await call(ctx.app, 'GET', '/api/notifications', { as: minor })).json().notifications.map((n: { title: string }) => n.title)).toContain('Antes da permissão');

    const allow = (as: Session, body: unknown) => call(ctx.app, 'PUT', `/api/family/children/${memberId}/push`, { as, body });
    expect((await allow(outsider, { allowed: true })).statusCode).toBe(404);
    const bad = await allow(mother, { allowed: 'sim' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Informe se as notificações no celular do seu filho ou da sua filha são permitidas (sim ou não).');
    expect((await allow(mother, { allowed: true })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/family', { as: mother })).json()[0]).toMatchObject({ member_id: memberId, child_push_allowed: true });
    const audit = await ctx.db.query(`SELECT 1 FROM audit_log WHERE action = 'child_push.allow' AND entity_id = $1`, [memberId]);
    expect(audit.length).toBe(1);

    await pushTo(minor.profile.id, 'Depois da permissão', { urgent: true });
    await ctx.app.notifications.drain();
    expect(got()).toEqual(['Depois da permissão']);

    expect((await call(ctx.app, 'DELETE', `/api/family/children/${memberId}/consent`, { as: mother })).statusCode).toBe(200);
    await pushTo(minor.profile.id, 'Sem consentimento', { urgent: true });
    await ctx.app.notifications.drain();
    expect(got()).toEqual(['Depois da permissão']);
  });

  it('pt-BR refusals of a broken subscription; another person cannot remove mine', async () => {
    const good = receiver.device('spare');
    for (const body of [{}, { endpoint: 'nao-e-url', keys: good.keys }, { endpoint: good.endpoint }, { endpoint: good.endpoint, keys: { p256dh: 'curta', auth: good.keys.auth } }, { ...good, endpoint: `${good.endpoint}/${'x'.repeat(2000)}` }]) {
      const res = await subscribe(kid, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(NOTIFICATION_MSG.subscriptionInvalid);
    }
    expect((await subscribe(kid, { ...good, endpoint: 'ftp://127.0.0.1/x' })).json().error.message).toBe(NOTIFICATION_MSG.endpointNotAllowed);
    await call(ctx.app, 'POST', '/api/notifications/push/subscriptions/remove', { as: director, body: { endpoint: receiver.device('kid-phone').endpoint } });
    const [{ n }] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM push_subscriptions WHERE profile_id = $1`, [kid.profile.id]);
    expect(n).toBe(1);
  });

  it(`at most ${MAX_PUSH_DEVICES} devices per account: the oldest is replaced, also when many subscribe at once; a notice makes one push per kept device`, async () => {
    const person = await signUp(ctx.app, { name: 'Muitos aparelhos' });
    const endpoints: string[] = [];
    for (let i = 0; i < MAX_PUSH_DEVICES + 4; i += 1) {
      const device = receiver.device(`many-${i}`);
      endpoints.push(device.endpoint);
      expect((await subscribe(person, device)).statusCode).toBe(201);
    }
    const kept = async (profileId: string) => (await ctx.db.query<{ endpoint: string }>(`SELECT endpoint FROM push_subscriptions WHERE profile_id = $1 ORDER BY endpoint`, [profileId])).map((r) => r.endpoint);
    expect(await kept(person.profile.id)).toEqual(endpoints.slice(4).sort());
    // Subscribing a kept device again renews it instead of adding one.
    expect((await subscribe(person, { endpoint: endpoints[4], keys: receiver.device('many-4').keys })).statusCode).toBe(201);
    expect(await kept(person.profile.id)).toHaveLength(MAX_PUSH_DEVICES);
    const burst = await signUp(ctx.app, { name: 'Rajada' });
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => subscribe(burst, receiver.device(`burst-${i}`))));
    expect(results.map((r) => r.statusCode)).toEqual(Array(25).fill(201));
    expect(await kept(burst.profile.id)).toHaveLength(MAX_PUSH_DEVICES);
    await pushTo(burst.profile.id, 'Para todos os aparelhos');
    const [{ n }] = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM push_deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id WHERE s.profile_id = $1`, [burst.profile.id]);
    expect(n).toBe(MAX_PUSH_DEVICES);
  });

  it('in production the endpoint must be https to a public address (no loopback, private or mapped ones)', async () => {
    const prod = { allowPrivate: false };
    for (const bad of ['http://8.8.8.8/push', 'https://127.0.0.1/push', 'https://10.1.2.3/x', 'https://192.168.0.10/x', 'https://169.254.169.254/latest',
      'https://[::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://[fd00::1]/x', 'https://localhost/x', 'https://intranet/x', 'https://u:p@8.8.8.8/x', 'javascript:alert(1)']) {
      expect(await endpointAllowed(bad, prod), bad).toBe(false);
    }
    expect(await endpointAllowed('https://8.8.8.8/push/abc', prod)).toBe(true);
    const strict = await createTestApp({ notifications: { pushAllowPrivate: false } });
    try {
      const someone = await signUp(strict.app, { name: 'Alguém' });
      const res = await call(strict.app, 'POST', '/api/notifications/push/subscriptions', { as: someone, body: receiver.device('strict') });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(NOTIFICATION_MSG.endpointNotAllowed);
    } finally {
      await strict.close();
    }
  });

  it('a subscription the push service says is gone (410) is removed; a busy service (503) is retried later with backoff', async () => {
    const person = await signUp(ctx.app, { name: 'Dois aparelhos' });
    await addMember(ctx.db, club.id, person.profile.id);
    await ctx.db.query(`UPDATE club_members SET adult_confirmed = true WHERE club_id = $1 AND profile_id = $2`, [club.id, person.profile.id]);
    await subscribe(person, receiver.device('old-phone'));
    await subscribe(person, receiver.device('busy-phone'));
    receiver.statusFor.set('old-phone', 410);
    receiver.statusFor.set('busy-phone', 503);
    await pushTo(person.profile.id, 'Teste de falhas', { urgent: true });
    await ctx.app.notifications.drain();
    const subs = await ctx.db.query<{ endpoint: string }>(`SELECT endpoint FROM push_subscriptions WHERE profile_id = $1`, [person.profile.id]);
    expect(subs.map((s) => s.endpoint.split('/').pop())).toEqual(['busy-phone']);
    const [retry] = await ctx.db.query<{ status: string; attempts: number; last_error: string; wait: number }>(
      `SELECT d.status, d.attempts, d.last_error, extract(epoch FROM d.next_attempt_at - now())::int AS wait
         FROM push_deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id WHERE s.profile_id = $1`, [person.profile.id]);
    expect(retry).toMatchObject({ status: 'pending', attempts: 1, last_error: 'O serviço de push respondeu 503.' });
    expect(retry?.wait).toBeGreaterThan(20);
    // The super admin sees the retry waiting, with the service's host only (the path is the device's secret).
    const issues = await call(ctx.app, 'GET', '/api/admin/push-deliveries', { as: superAdmin });
    expect(issues.json().find((i: { recipient_name: string }) => i.recipient_name === 'Dois aparelhos')).toMatchObject({
      status: 'pending', attempts: 1, last_error: 'O serviço de push respondeu 503.', service_host: '127.0.0.1', club_name: 'Push', kind: 'submission.approved',
    });
    expect(issues.body).not.toContain('busy-phone');
    expect((await call(ctx.app, 'GET', '/api/admin/push-deliveries', { as: director })).statusCode).toBe(403);
    receiver.statusFor.delete('busy-phone');
    // Its retry would fall due in 30 s, inside a later test on a slow machine.
    await ctx.db.query(`DELETE FROM push_subscriptions WHERE profile_id = $1`, [person.profile.id]);
  });

  it('at most once: two workers draining 1,000 pushes, and a sender that stopped between sending and marking', async () => {
    const person = await signUp(ctx.app, { name: 'Mil avisos' });
    await addMember(ctx.db, club.id, person.profile.id);
    await subscribe(person, receiver.device('busy-kid'));
    const recipients = Array.from({ length: 1000 }, () => person.profile.id);
    // One notification per call (the dedupe of recipients keeps one per call).
    await ctx.db.query(`
      INSERT INTO notifications (club_id, profile_id, category, kind, title, body, link, emailed_at)
      SELECT $1, $2, 'tasks', 'task.created', 'Aviso ' || g, '', '/dashboard', now() FROM generate_series(1, $3::int) g`, [club.id, person.profile.id, recipients.length]);
    await ctx.db.query(`
      INSERT INTO push_deliveries (notification_id, subscription_id)
      SELECT n.id, s.id FROM notifications n JOIN push_subscriptions s ON s.profile_id = n.profile_id WHERE n.profile_id = $1`, [person.profile.id]);
    const keys = await ctx.app.notifications.keys();
    const sender = webPushSender(keys, { allowPrivate: true });
    const worker = async () => {
      while ((await sendDuePushes(ctx.db, sender, 40)) > 0) {
        // until nothing is due
      }
    };
    await Promise.all([worker(), worker()]);
    const ids = receiver.received.filter((r) => r.device === 'busy-kid').map((r) => r.payload.id);
    expect(ids.length).toBe(1000);
    expect(new Set(ids).size).toBe(1000);

    // Crash: a worker claimed and sent, then stopped before marking; its lease runs out.
    // Written by hand, as the 1,000 above: through notify, its commit would start the app's own worker,
    // which could claim the push before this stand-in for the crashed worker does.
    await ctx.db.query(`
      WITH n AS (INSERT INTO notifications (club_id, profile_id, category, kind, title, body, link, urgent, emailed_at)
                 VALUES ($1, $2, 'achievements', 'submission.approved', 'Antes da queda', '', '/dashboard/minhas-tarefas', true, now()) RETURNING id, profile_id)
      INSERT INTO push_deliveries (notification_id, subscription_id) SELECT n.id, s.id FROM n JOIN push_subscriptions s ON s.profile_id = n.profile_id`,
    [club.id, person.profile.id]);
    const claimed = await claimDuePushes(ctx.db, 10);
    expect(claimed.length).toBe(1);
    for (const r of claimed) await sender({ endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } }, { id: r.notification_id, title: r.title, body: r.body, link: r.link, club_id: r.club_id });
    await ctx.db.query(`UPDATE push_deliveries SET locked_until = now() - interval '1 second' WHERE status = 'sending'`);
    const failedBefore = await deliveries('failed');
    await ctx.app.notifications.drain();
    expect(receiver.received.filter((r) => r.payload.title === 'Antes da queda').length).toBe(1);
    expect(await deliveries('failed')).toBe(failedBefore + 1);
    const [row] = await ctx.db.query<{ last_error: string }>(`SELECT last_error FROM push_deliveries WHERE status = 'failed' ORDER BY created_at DESC LIMIT 1`);
    expect(row?.last_error).toBe(INTERRUPTED);
  }, 120_000);

  it('a batch starts its sends one per turn of the event loop, so other requests go between; a sender that throws fails only its push', async () => {
    const person = await signUp(ctx.app, { name: 'Lote' });
    await addMember(ctx.db, club.id, person.profile.id);
    await subscribe(person, receiver.device('lote-a'));
    await subscribe(person, receiver.device('lote-b'));
    await ctx.db.query(`
      INSERT INTO notifications (club_id, profile_id, category, kind, title, body, link, emailed_at)
      SELECT $1, $2, 'tasks', 'task.created', 'Lote ' || g, '', '/dashboard', now() FROM generate_series(1, 10) g`, [club.id, person.profile.id]);
    await ctx.db.query(`
      INSERT INTO push_deliveries (notification_id, subscription_id)
      SELECT n.id, s.id FROM notifications n JOIN push_subscriptions s ON s.profile_id = n.profile_id WHERE n.profile_id = $1`, [person.profile.id]);
    let started = 0;
    let startedWhenOthersRan = -1;
    let broken = 0;
    const sender: PushSender = async (target) => {
      started += 1;
      // Something else queued by the first send (a request's callback) runs before the rest start.
      if (started === 1) setImmediate(() => (startedWhenOthersRan = started));
      if (target.endpoint.endsWith('/lote-b') && broken++ === 0) throw new Error('chave do aparelho ilegível');
      return { kind: 'sent' };
    };
    while ((await sendDuePushes(ctx.db, sender, 40)) > 0) {
      // until nothing is due
    }
    expect(started).toBeGreaterThanOrEqual(20);
    expect(startedWhenOthersRan).toBeLessThanOrEqual(2);
    const rows = await ctx.db.query<{ status: string; last_error: string | null }>(
      `SELECT d.status, d.last_error FROM push_deliveries d JOIN notifications n ON n.id = d.notification_id WHERE n.profile_id = $1`, [person.profile.id]);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(19);
    expect(rows.filter((r) => r.status === 'failed')).toEqual([{ status: 'failed', last_error: 'chave do aparelho ilegível' }]);
    await ctx.db.query(`DELETE FROM push_subscriptions WHERE profile_id = $1`, [person.profile.id]);
  });

  it('in quiet hours (22h–7h in the club\'s time zone) a push waits for 07:00, unless urgent', async () => {
    const [due] = await ctx.db.query<{ quiet: boolean; at7: boolean }>(`
      WITH d AS (SELECT notification_push_due(tz, false) AS t, tz FROM (VALUES ('Pacific/Kiritimati'), ('America/Sao_Paulo'), ('Asia/Tokyo'), ('Europe/London')) v(tz))
      SELECT bool_or(t > now()) AS quiet, bool_and(t <= now() OR extract(hour FROM t AT TIME ZONE tz) = 7) AS at7 FROM d`);
    expect(due?.at7).toBe(true);
    const [urgent] = await ctx.db.query<{ now: boolean }>(`SELECT notification_push_due('Asia/Tokyo', true) <= now() AS now`);
    expect(urgent?.now).toBe(true);
  });
});
