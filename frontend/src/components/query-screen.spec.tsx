import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { ScreenState } from '@/lib/screen-state';
import { QueryScreen } from './query-screen';

function renderScreen(state: ScreenState<{ name: string }>) {
  return render(
    <MemoryRouter>
      <QueryScreen
        state={state}
        loadingLabel="Loading thing"
        notFoundTitle="Thing Not Found"
        notFoundDescription="No such thing."
        errorTitle="Couldn't load this thing"
      >
        {({ name }) => <h1>{name}</h1>}
      </QueryScreen>
    </MemoryRouter>,
  );
}

describe('QueryScreen', () => {
  it('shows a named page spinner while loading', () => {
    renderScreen({ status: 'loading' });
    expect(screen.getByRole('status', { name: 'Loading thing' })).toBeVisible();
  });

  it('shows "not found" with a way home', () => {
    renderScreen({ status: 'not-found' });
    expect(screen.getByText('Thing Not Found')).toBeVisible();
    expect(screen.getByText('No such thing.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an error with its message and a retry', async () => {
    const retry = jest.fn();
    renderScreen({ status: 'error', message: 'Database down', retry, retrying: false });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("Couldn't load this thing");
    expect(alert).toHaveTextContent('Database down');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('renders the loaded thing through its children', () => {
    renderScreen({ status: 'ready', name: 'Pho Palace' });
    expect(screen.getByRole('heading', { name: 'Pho Palace' })).toBeVisible();
  });
});
