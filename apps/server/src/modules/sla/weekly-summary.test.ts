import { describe, expect, it } from 'vitest';
import { dueSummaryWeek, summaryMail } from './weekly-summary.ts';

describe('weekly summary', () => {
  it('is due from Monday 08:00 on the company clock, for the week before', () => {
    expect(dueSummaryWeek(new Date('2026-12-07T10:59:00Z'), 'America/Sao_Paulo')).toBeNull(); // 07:59
    expect(dueSummaryWeek(new Date('2026-12-07T11:00:00Z'), 'America/Sao_Paulo')).toBe('2026-11-30');
    expect(dueSummaryWeek(new Date('2026-12-08T11:00:00Z'), 'America/Sao_Paulo')).toBeNull(); // Tuesday
    // Sunday 23:30 UTC is already Monday 08:30 in Tokyo.
    expect(dueSummaryWeek(new Date('2026-12-06T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-11-30');
  });

  it('follows daylight saving: Monday 08:00 in New York is 12:00 UTC in summer, 13:00 in winter', () => {
    expect(dueSummaryWeek(new Date('2026-03-09T11:59:00Z'), 'America/New_York')).toBeNull();
    expect(dueSummaryWeek(new Date('2026-03-09T12:00:00Z'), 'America/New_York')).toBe('2026-03-02');
    expect(dueSummaryWeek(new Date('2026-03-02T12:59:00Z'), 'America/New_York')).toBeNull();
  });

  it('speaks the admin language', () => {
    const figures = {
      weekStart: '2026-11-30',
      weekEnd: '2026-12-06',
      opened: 3,
      closed: 2,
      avgWaitMinutes: 1.5,
      avgTalkMinutes: 4,
      averageRating: null,
      sla: { firstResponse: { met: 1, breached: 1 }, resolution: { met: 2, breached: 0 } },
    };
    expect(summaryMail(figures, 'en').text).toContain('Tickets opened: 3');
    expect(summaryMail(figures, 'es').subject).toContain('Resumen semanal');
    expect(summaryMail(figures, null).text).toContain('Primeira resposta no prazo: 1, fora do prazo: 1');
  });
});
