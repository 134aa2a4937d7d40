import { describe, expect, it } from 'vitest';
import { parseCsv, UTF8_BOM } from '../contacts/contact-csv.ts';
import { attendantsToCsv, ticketsByDayToCsv } from './dashboard-csv.ts';

const headers = {
  name: 'Nome',
  rating: 'Avaliação',
  avgSupportTime: 'T.M. atendimento',
  tickets: 'Tickets',
  online: 'Online',
  yes: 'Sim',
  no: 'Não',
};

describe('dashboard CSV', () => {
  it('writes the attendants with semicolons, quoting what needs it', () => {
    const csv = attendantsToCsv(
      [
        { id: 1, name: 'Ana; "A"', rating: 2.3333333, avgSupportTime: 12.5, online: true, tickets: 3 },
        { id: 2, name: 'Bruno', rating: 0, avgSupportTime: 0, online: false, tickets: 0 },
      ],
      headers,
    );
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv).toContain('"Ana; ""A"""');
    expect(parseCsv(csv)).toEqual([
      ['Nome', 'Avaliação', 'T.M. atendimento', 'Tickets', 'Online'],
      ['Ana; "A"', '2.33', '12.5', '3', 'Sim'],
      ['Bruno', '0', '0', '0', 'Não'],
    ]);
  });

  it('writes the per-day series', () => {
    const csv = ticketsByDayToCsv(
      {
        unit: 'day',
        count: 3,
        data: [
          { bucket: '2024-05-01', count: 1 },
          { bucket: '2024-05-02', count: 2 },
        ],
      },
      { bucket: 'Data', count: 'Tickets' },
    );
    expect(parseCsv(csv)).toEqual([
      ['Data', 'Tickets'],
      ['2024-05-01', '1'],
      ['2024-05-02', '2'],
    ]);
  });
});
