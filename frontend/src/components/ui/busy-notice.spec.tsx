import { describe, expect, it } from '@jest/globals';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { api } from '@/lib/api';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { BusyNotice } from './busy-notice';

function Reader() {
  const { data } = useQuery({
    queryKey: ['busy-test'],
    queryFn: () => api.get<{ name: string }>('/api/thing'),
  });
  return <p>{data ? data.name : 'waiting'}</p>;
}

describe('BusyNotice', () => {
  it('says the server is busy while a refused read is retried, then goes away', async () => {
    let calls = 0;
    const fetchMock = mockFetch(() => {
      calls += 1;
      if (calls === 1) {
        const response = jsonResponse(
          { statusCode: 503, message: 'The server is busy.', error: 'Service Unavailable' },
          503,
        );
        // Retry-After 0: the test need not wait a second.
        return Object.assign(response, { headers: new Headers({ 'Retry-After': '0' }) });
      }
      return jsonResponse({ name: 'ready' });
    });
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({
      queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 10 },
    });
    renderWithProviders(
      <>
        <Reader />
        <BusyNotice />
      </>,
      { queryClient },
    );
    expect(await screen.findByText('The server is busy, retrying…')).toBeVisible();
    await waitFor(() => expect(screen.getByText('ready')).toBeVisible());
    expect(screen.queryByText('The server is busy, retrying…')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
