import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES } from '@dinebuds/contracts';
import { currentUserQueryKey } from '@/features/auth';
import { jsonResponse, mockFetch, never } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { YourDataCard } from './your-data-card';

const me = makeUser();

/** A download answer: what downloadFile reads (status, headers, the bytes). */
function fileResponse(body: string, disposition: string): Response {
  return {
    ok: true,
    status: 200,
    statusText: 'OK',
    headers: new Headers({ 'content-disposition': disposition }),
    blob: () => Promise.resolve(new Blob([body])),
    text: () => Promise.resolve(body),
  } as unknown as Response;
}

describe('Settings: Your Data', () => {
  // The desktop dialog (vaul's phone sheet measures the page on pointer events, which jsdom has not).
  const realMatchMedia = window.matchMedia;
  const realCreate = URL.createObjectURL;
  const realRevoke = URL.revokeObjectURL;
  const clicks: string[] = [];
  beforeAll(() => {
    window.matchMedia = ((query: string) => ({
      ...realMatchMedia(query),
      matches: true,
    })) as typeof window.matchMedia;
    URL.createObjectURL = jest.fn(() => 'blob:export') as typeof URL.createObjectURL;
    URL.revokeObjectURL = jest.fn() as typeof URL.revokeObjectURL;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
  });
  afterAll(() => {
    window.matchMedia = realMatchMedia;
    URL.createObjectURL = realCreate;
    URL.revokeObjectURL = realRevoke;
  });

  it('Export my data downloads the JSON under the name the server gives, with a toast', async () => {
    const fetchMock = mockFetch((call) =>
      call.url === '/api/user/export'
        ? fileResponse('{}', 'attachment; filename="dinebuds-export-2026-11-26.json"')
        : never(),
    );
    renderWithProviders(<YourDataCard />, { signedInAs: me });
    await userEvent.click(screen.getByRole('button', { name: 'Download all my data (JSON)' }));
    expect(await screen.findByText('Your data is downloading')).toBeVisible();
    expect(clicks).toContain('dinebuds-export-2026-11-26.json');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });

  it('shows the server sentence when an export fails', async () => {
    mockFetch(() => jsonResponse({ statusCode: 503, message: 'A service is unavailable', error: 'x' }, 503));
    renderWithProviders(<YourDataCard />, { signedInAs: me });
    await userEvent.click(screen.getByRole('button', { name: 'My saved places (CSV)' }));
    expect(await screen.findByText('Export failed')).toBeVisible();
    expect(screen.getByText('A service is unavailable')).toBeVisible();
  });

  it('imports a pasted list and shows what was saved and why rows were skipped', async () => {
    const fetchMock = mockFetch((call) =>
      call.method === 'POST' && call.url === '/api/saved-restaurants/import'
        ? jsonResponse({
            imported: 1,
            alreadySaved: 0,
            skipped: 1,
            rows: [
              {
                line: 1,
                name: 'Katz Deli',
                address: '205 E Houston St, New York',
                status: 'imported',
                restaurantId: 3,
                reason: null,
              },
              {
                line: 2,
                name: 'Only a name',
                address: '',
                status: 'skipped',
                restaurantId: null,
                reason: ACCOUNT_MESSAGES.rowNoAddress,
              },
            ],
          })
        : never(),
    );
    renderWithProviders(<YourDataCard />, { signedInAs: me });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Import saved places' }));
    await screen.findByRole('dialog', { name: 'Import saved places' });
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.importEmpty)).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(
      screen.getByLabelText('Or paste a list'),
      'Katz Deli, 205 E Houston St, New York{enter}Only a name',
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('1 place saved')).toBeVisible();
    expect(screen.getByRole('list', { name: 'Skipped rows' })).toHaveTextContent(
      `Line 2 (Only a name): ${ACCOUNT_MESSAGES.rowNoAddress}`,
    );
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      text: 'Katz Deli, 205 E Houston St, New York\nOnly a name',
    });
  });

  it('deletes the account only with the right password, then signs out', async () => {
    const fetchMock = mockFetch((call) => {
      if (call.method !== 'DELETE' || call.url !== '/api/user') return never();
      const { password } = JSON.parse(String(call.init.body)) as { password: string };
      return password === 'Secret#123'
        ? jsonResponse({ message: ACCOUNT_MESSAGES.accountDeleted })
        : jsonResponse({ statusCode: 403, message: ACCOUNT_MESSAGES.wrongPassword, error: 'Forbidden' }, 403);
    });
    const { queryClient } = renderWithProviders(<YourDataCard />, { signedInAs: me, route: '/settings' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = () => user.click(screen.getAllByRole('button', { name: 'Delete my account' }).at(-1)!);

    await confirm();
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordRequired)).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Password'), 'Wrong#123');
    await confirm();
    expect(await screen.findByText(ACCOUNT_MESSAGES.wrongPassword)).toBeVisible();
    expect(dialog).toBeInTheDocument();
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(me);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await confirm();
    expect(await screen.findByText(ACCOUNT_MESSAGES.accountDeleted)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
  });
});
