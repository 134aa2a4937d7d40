import type { Page } from '@playwright/test';
import { toWallClockInput } from '@wacrm/shared/schedules/wall-clock';
import { apiOf } from '../support/api.ts';
import { createCompanyAdmin, expect, logIn, test } from '../support/fixtures.ts';
import { paced } from '../support/machine-pace.ts';
import { desktop, phone, snap, snapAllThemes } from '../support/screens.ts';

const CARLA = '5511966662222';
const SAO_PAULO = 'America/Sao_Paulo';

// The browser runs on UTC, the company on São Paulo's clock (its default): times are typed on the company's.
test.use({ timezoneId: 'UTC' });

interface Schedule {
  id: number;
  body: string;
  recurrence: unknown;
}

async function schedulesOf(page: Page) {
  const api = await apiOf(page);
  return (await api.get<{ schedules: Schedule[] }>('/api/schedules')).schedules;
}

/** Fills the shared dialog: the contact (searched) unless prefilled, and the message. */
async function fillDialog(page: Page, body: string, contactSearch?: string) {
  const dialog = page.getByTestId('schedule-form');
  if (contactSearch) {
    await dialog.getByTestId('schedule-contact').locator('input').fill(contactSearch);
    await page.getByRole('option', { name: /Carla/ }).click();
  }
  await dialog.getByTestId('schedule-body').fill(body);
}

test('schedules: create, edit and delete from the calendar, a ticket and a contact; validation; themes and phone', async ({
  page,
}) => {
  test.setTimeout(paced(240_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'schedules'));
  const api = await apiOf(page);
  const connection = await api.post<{ id: number }>('/api/whatsapp', { name: 'Loja Agenda', provider: 'sandbox' });
  await api.pairSandbox(connection.id);
  await api.post(`/api/sandbox/${connection.id}/inbound`, { from: CARLA, name: 'Carla', body: 'Oi!' });

  // The calendar, empty; the dialog validates (body min 5) before anything is sent.
  await page.goto('/schedules');
  await expect(page.getByTestId('schedules-calendar')).toBeVisible();
  await expect(page.getByTestId('schedules-empty')).toBeVisible();
  // issue 45: the agenda and the send time are on the company's clock, which both name.
  await expect(page.getByTestId('schedules-clock-note')).toContainText('Horário de São Paulo (UTC\u221203:00)');
  await page.getByTestId('schedules-add').click();
  await expect(page.getByTestId('schedule-send-at')).not.toHaveValue('');
  await expect(page.getByTestId('schedule-send-at-zone')).toHaveText('Horário de São Paulo (UTC\u221203:00)');
  await expect(page.getByTestId('schedule-send-at-viewer-time')).toContainText(
    'no horário do seu navegador (UTC+00:00)',
  );
  // An hour ago on the company's clock is refused on the field, with the body and the contact.
  await page.getByTestId('schedule-send-at').fill(toWallClockInput(new Date(Date.now() - 3_600_000), SAO_PAULO));
  await page.getByTestId('schedule-body').fill('Oi');
  await page.getByTestId('schedule-save').click();
  await expect(page.getByText('Mensagem muito curta')).toBeVisible();
  await expect(page.getByText('Obrigatório')).toBeVisible();
  await expect(page.getByText('Este horário já passou: escolha um horário futuro')).toBeVisible();
  await snap(page, 'schedules-dialog-light-desktop');
  await page.getByTestId('schedule-send-at').fill(toWallClockInput(new Date(Date.now() + 3_600_000), SAO_PAULO));

  // Create from the calendar.
  await fillDialog(page, 'Lembrete da sua consulta amanhã', 'Carla');
  await page.getByTestId('schedule-save').click();
  await expect(page.getByTestId('schedule-form')).toBeHidden();
  const event = page.getByTestId('schedule-event').filter({ hasText: 'Carla' });
  await expect(event).toHaveCount(1);
  await snapAllThemes(page, 'schedules-calendar');

  // Edit from the calendar.
  await page.goto('/schedules');
  await event.getByTestId('schedule-event-edit').click();
  await expect(page.getByTestId('schedule-body')).toHaveValue('Lembrete da sua consulta amanhã');
  await page.getByTestId('schedule-body').fill('Lembrete: consulta amanhã às 10h');
  await page.getByTestId('schedule-save').click();
  await expect(page.getByTestId('schedule-form')).toBeHidden();
  await expect
    .poll(async () => (await schedulesOf(page)).map((schedule) => schedule.body))
    .toEqual(['Lembrete: consulta amanhã às 10h']);

  // Delete from the calendar, after confirming.
  await event.getByTestId('schedule-event-delete').click();
  await page.getByTestId('confirm-accept').click();
  await expect(event).toHaveCount(0);
  await expect.poll(async () => (await schedulesOf(page)).length).toBe(0);

  // From the ticket: the header's "schedule message" opens the dialog for its contact.
  await page.goto('/tickets');
  await page.getByTestId('tickets-subtab-pending').click();
  await page.getByTestId('ticket-row').filter({ hasText: 'Carla' }).getByTestId('ticket-row-accept').click();
  await expect(page.getByTestId('ticket-conversation')).toHaveAttribute('data-status', 'open');
  await page.getByTestId('ticket-schedule').click();
  await expect(page.getByTestId('schedule-contact').locator('input')).toHaveValue(/Carla/);
  await fillDialog(page, 'Mensagem agendada pelo ticket');
  await page.getByTestId('schedule-save').click();
  await expect(page.getByTestId('schedule-form')).toBeHidden();
  await expect
    .poll(async () => (await schedulesOf(page)).map((schedule) => schedule.body))
    .toEqual(['Mensagem agendada pelo ticket']);
  // …and the contact's drawer lists it to edit and delete without leaving the ticket. The notes
  // above the list load while it shows and must not move it when they land (once on CI a click on
  // the moving edit focused it and opened no dialog): their code comes a second late and their list
  // is held until the edit's position has been read.
  const notesList = /\/api\/ticket-notes\/list\?/;
  const notesCode = /\/assets\/contact-notes-[\w-]+\.js$/;
  let releaseNotes = () => {};
  const notesHeld = new Promise<void>((resolve) => {
    releaseNotes = resolve;
  });
  await page.route(notesList, async (route) => {
    await notesHeld;
    await route.continue();
  });
  let isNotesCodeLate = false;
  await page.route(notesCode, async (route) => {
    isNotesCodeLate = true;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.getByTestId('conversation-contact').click();
  const item = page.getByTestId('contact-schedule-item');
  const edit = item.getByTestId('contact-schedule-edit');
  await expect(item).toContainText('Mensagem agendada pelo ticket');
  const editWhileNotesLoad = await edit.boundingBox();
  // Both routes matched, or the drawer read was not the loading one.
  expect(isNotesCodeLate).toBe(true);
  await expect(page.getByTestId('notes-empty')).toHaveCount(0);
  await snap(page, 'schedules-ticket-drawer-notes-loading-light-desktop');
  releaseNotes();
  await expect(page.getByTestId('notes-empty')).toBeVisible();
  expect((await edit.boundingBox())?.y).toBe(editWhileNotesLoad?.y);
  await page.unroute(notesList);
  await page.unroute(notesCode);
  await snap(page, 'schedules-ticket-drawer-light-desktop');
  await edit.click();
  await page.getByTestId('schedule-body').fill('Mensagem do ticket, editada');
  await page.getByTestId('schedule-save').click();
  await expect(page.getByTestId('schedule-form')).toBeHidden();
  await expect(item).toContainText('Mensagem do ticket, editada');
  await expect.poll(async () => (await schedulesOf(page))[0]?.body).toBe('Mensagem do ticket, editada');
  await item.getByTestId('contact-schedule-delete').click();
  await page.getByTestId('confirm-accept').click();
  await expect(item).toHaveCount(0);
  await expect.poll(async () => (await schedulesOf(page)).length).toBe(0);

  // From the contacts page: the row's schedule button opens the same dialog.
  await page.goto('/contacts');
  const contactRow = page.getByRole('row').filter({ hasText: 'Carla' });
  await contactRow.getByTestId('contact-schedule').click();
  await expect(page.getByTestId('schedule-contact').locator('input')).toHaveValue(/Carla/);
  await fillDialog(page, 'Agendada pela página de contatos');
  // Weekly on Mondays and Thursdays: a weekday must be chosen first.
  await page.getByTestId('schedule-repeat').click();
  await page.getByTestId('schedule-repeat-weekly').click();
  await page.getByTestId('schedule-save').click();
  await expect(page.getByText('Escolha ao menos um dia')).toBeVisible();
  await page.getByTestId('schedule-weekday-1').click();
  await page.getByTestId('schedule-weekday-4').click();
  await page.getByTestId('schedule-save').click();
  await expect(page.getByTestId('schedule-form')).toBeHidden();
  await expect
    .poll(async () => (await schedulesOf(page)).map((schedule) => [schedule.body, schedule.recurrence]))
    .toEqual([['Agendada pela página de contatos', { frequency: 'weekly', weekdays: [1, 4], until: null }]]);

  // The contact's edit modal lists its schedules: edit the repetition's text, then delete it.
  await contactRow.getByTestId('contact-edit').click();
  const contactItem = page.getByTestId('contact-schedule-item');
  await expect(contactItem).toContainText('Agendada pela página de contatos');
  await contactItem.getByTestId('contact-schedule-edit').click();
  await page.getByTestId('schedule-body').fill('Agendada pelo contato, editada');
  await page.getByTestId('schedule-save').click();
  await expect(page.getByTestId('schedule-form')).toBeHidden();
  await expect(contactItem).toContainText('Agendada pelo contato, editada');
  await snap(page, 'schedules-contact-modal-light-desktop');
  await contactItem.getByTestId('contact-schedule-delete').click();
  await page.getByTestId('confirm-accept').click();
  await expect(contactItem).toHaveCount(0);
  await expect.poll(async () => (await schedulesOf(page)).length).toBe(0);
  await page.keyboard.press('Escape');
  // A last one to see at phone width.
  await api.post('/api/schedules', {
    body: 'Para ver no telefone',
    contactId: (await api.get<{ contacts: { id: number }[] }>(`/api/contacts?searchParam=${CARLA}`)).contacts[0].id,
    sendAt: new Date(Date.now() + 7_200_000).toISOString(),
  });

  // `?contactId=` opens the add dialog for that contact; at 390 px the calendar stays usable.
  const contactId = (await api.get<{ contacts: { id: number }[] }>(`/api/contacts?searchParam=${CARLA}`)).contacts[0]
    .id;
  await page.setViewportSize(phone);
  await page.goto(`/schedules?contactId=${contactId}`);
  await expect(page.getByTestId('schedule-contact').locator('input')).toHaveValue(/Carla/);
  await snap(page, 'schedules-dialog-light-phone');
  await page.getByTestId('schedule-cancel').click();
  await page.getByRole('button', { name: 'Agenda' }).click();
  await expect(page.getByTestId('schedule-event').filter({ hasText: 'Carla' })).toBeVisible();
  await snap(page, 'schedules-agenda-light-phone');
  // Delete at phone width, from the agenda.
  await page.getByTestId('schedule-event').getByTestId('schedule-event-delete').click();
  await page.getByTestId('confirm-accept').click();
  await expect.poll(async () => (await schedulesOf(page)).length).toBe(0);
});

test('schedules: a sent message opens read-only: titled so, every field shown but none to change, no save', async ({
  page,
}) => {
  test.setTimeout(paced(120_000));
  await page.setViewportSize(desktop);
  await logIn(page, await createCompanyAdmin(page, 'schedsent'));
  const api = await apiOf(page);
  const connection = await api.post<{ id: number }>('/api/whatsapp', { name: 'Loja Enviada', provider: 'sandbox' });
  await api.pairSandbox(connection.id);
  await api.post(`/api/sandbox/${connection.id}/inbound`, { from: CARLA, name: 'Carla', body: 'Oi!' });
  const contactId = (await api.get<{ contacts: { id: number }[] }>(`/api/contacts?searchParam=${CARLA}`)).contacts[0]
    .id;
  await api.post('/api/schedules', {
    body: 'Sua encomenda chegou',
    contactId,
    sendAt: new Date(Date.now() + 2_000).toISOString(),
  });
  await expect
    .poll(
      async () => (await api.get<{ schedules: { sentAt: string | null }[] }>('/api/schedules')).schedules[0]?.sentAt,
      {
        timeout: 60_000,
      },
    )
    .not.toBeNull();

  await page.goto('/schedules');
  const openSent = () =>
    page.getByTestId('schedule-event').filter({ hasText: 'Carla' }).first().getByTestId('schedule-event-edit').click();
  await openSent();
  const dialog = page.getByTestId('schedule-form');
  await expect(dialog.getByRole('heading', { name: 'Mensagem enviada' })).toBeVisible();
  await expect(dialog).toContainText('Esta mensagem já foi enviada e não pode mais ser alterada.');
  await expect(page.getByTestId('schedule-body')).toBeDisabled();
  await expect(page.getByTestId('schedule-repeat')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('schedule-save')).toHaveCount(0);
  await expect(page.getByTestId('schedule-cancel')).toHaveText('Fechar');
  await snap(page, 'schedules-sent-dialog-light-desktop');
  await page.getByTestId('schedule-cancel').click();
  await page.getByTestId('theme-toggle').click();
  await openSent();
  await expect(dialog).toBeVisible();
  await snap(page, 'schedules-sent-dialog-dark-desktop');
  await page.setViewportSize(phone);
  await snap(page, 'schedules-sent-dialog-dark-phone');
});
