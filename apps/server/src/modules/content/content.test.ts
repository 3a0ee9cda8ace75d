import { noticeResponseSchema } from '@banca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { createClient } from '../../../test/client';
import { seedBrand } from '../../../test/seeds';

describe.each(ENGINES)('banners and notices on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  async function notices(language: 'pt-BR' | 'en', host?: string) {
    const res = await createClient(t.app, { language, ...(host ? { host } : {}) }).get(
      '/wps/notice?execution=B',
    );
    expect(res.status).toBe(200);
    return noticeResponseSchema.parse(res.body.value);
  }

  it('gives the home carousel its banners in order, with art and links in the caller’s language', async () => {
    const pt = await notices('pt-BR');
    const home = pt.banners.filter((b) => b.groupName === 'w_home');
    expect(home.map((b) => b.target)).toEqual([
      '/register',
      '/member?page=depositv2',
      '/member?page=securityCenter',
    ]);
    expect(home.every((b) => b.linkageType === 'route' && b.url.endsWith('lang=pt-BR'))).toBe(true);
    expect(home[0]!.alt).toBe('Sua sorte começa aqui');
    const en = await notices('en');
    expect(en.banners[0]!.alt).toBe('Your luck starts here');
    expect(en.banners[0]!.url).toMatch(/lang=en$/);
  });

  it('lists player notices and promotion titles, and no popup unless one is live', async () => {
    const pt = await notices('pt-BR');
    expect(pt.notices.length).toBe(3);
    expect(pt.notices[0]!.title).toContain('Bem-vindo');
    expect(pt.notices[1]!.content).toContain('03:00');
    expect(pt.promotions.map((p) => p.title)).toEqual([
      'Bônus de boas-vindas de 100%',
      'Cashback semanal no Clube VIP',
    ]);
    expect(pt.popup).toBeNull();
  });

  it('shows what is live now: not what has ended or not yet started, and a popup once added', async () => {
    const hour = 3_600_000;
    await t.db
      .insertInto('announcements')
      .values([
        {
          merchant_code: 'BANCA',
          type: 'PL',
          language: 'en',
          title: 'Ended yesterday',
          starts_at: new Date(Date.now() - 48 * hour),
          ends_at: new Date(Date.now() - 24 * hour),
        },
        {
          merchant_code: 'BANCA',
          type: 'PL',
          language: 'en',
          title: 'Starts tomorrow',
          starts_at: new Date(Date.now() + 24 * hour),
          ends_at: null,
        },
        {
          merchant_code: 'BANCA',
          type: 'PU',
          language: 'en',
          title: 'Carnival weekend',
          content: 'Double points all weekend.',
          ends_at: null,
        },
      ])
      .execute();
    t.app.services.content.invalidate();
    const en = await notices('en');
    expect(en.notices.map((n) => n.title)).not.toContain('Ended yesterday');
    expect(en.notices.map((n) => n.title)).not.toContain('Starts tomorrow');
    expect(en.popup).toMatchObject({
      title: 'Carnival weekend',
      content: 'Double points all weekend.',
    });
    // The other language has its own rows: no English popup leaks into Portuguese.
    expect((await notices('pt-BR')).popup).toBeNull();
  });

  it('keeps each brand’s content to itself', async () => {
    await seedBrand(t.db, { merchantCode: 'OTHER', domains: ['other.example'] });
    t.app.services.system.invalidate();
    t.app.services.content.invalidate();
    const other = await notices('pt-BR', 'other.example');
    expect(other).toEqual({ banners: [], notices: [], popup: null, promotions: [] });
  });

  it('refuses an unknown execution with a translated validation error', async () => {
    const res = await createClient(t.app, { language: 'en' }).get('/wps/notice?execution=Z');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });
});
