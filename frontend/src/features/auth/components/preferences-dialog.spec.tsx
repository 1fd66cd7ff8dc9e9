import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { Toaster } from '@/components/ui/toaster';
import { usePreferenceSelection } from '../hooks/use-preference-selection';
import { PreferencesDialog } from './preferences-dialog';

const FLAVOR_LIMIT_MESSAGE = 'You can select up to 5 flavor preferences';
const CITY_LIMIT_MESSAGE = 'You can select up to 5 city preferences';

/** The registration's picker as the register form wires it: the real selection hook and toasts. */
function Picker({
  saving = false,
  onComplete = () => undefined,
}: {
  saving?: boolean;
  onComplete?: () => void;
}) {
  const selection = usePreferenceSelection();
  return (
    <>
      <PreferencesDialog
        open
        onOpenChange={() => undefined}
        selection={selection}
        saving={saving}
        onComplete={onComplete}
      />
      <Toaster />
    </>
  );
}

const chip = (name: string) => screen.getByRole('button', { name });
const completeButton = () => screen.getByRole('button', { name: 'Complete Profile' });
const selectedCities = () =>
  within(screen.getByRole('list', { name: 'Selected cities' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function openCitiesTab(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Next: Choose Cities/ }));
  await screen.findByRole('heading', { name: /Your Cities/ });
}

describe('PreferencesDialog (registration picks)', () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  describe('flavors', () => {
    it('counts the selected flavors and toggles a chip on and off', async () => {
      const user = userEvent.setup();
      render(<Picker />);
      expect(screen.getByText('Selected: 0/5')).toBeVisible();

      await user.click(chip('SushiBud'));
      await user.click(chip('ThaiBud'));
      expect(chip('SushiBud')).toHaveAttribute('aria-pressed', 'true');
      expect(chip('ThaiBud')).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByText('Selected: 2/5')).toBeVisible();

      await user.click(chip('SushiBud'));
      expect(chip('SushiBud')).toHaveAttribute('aria-pressed', 'false');
      expect(screen.getByText('Selected: 1/5')).toBeVisible();
    });

    it('allows 5 flavors at most and says so on the 6th', async () => {
      const user = userEvent.setup();
      render(<Picker />);
      for (const name of ['SushiBud', 'PastaBud', 'BBQBud', 'ThaiBud', 'VeganBud'])
        await user.click(chip(name));
      expect(screen.getByText('Selected: 5/5')).toBeVisible();
      expect(screen.queryByText(FLAVOR_LIMIT_MESSAGE)).not.toBeInTheDocument();

      await user.click(chip('Gluten-FreeBud'));

      expect(await screen.findByText(FLAVOR_LIMIT_MESSAGE)).toBeVisible();
      expect(chip('Gluten-FreeBud')).toHaveAttribute('aria-pressed', 'false');
      expect(screen.getByText('Selected: 5/5')).toBeVisible();

      // Removing one makes room again.
      await user.click(chip('PastaBud'));
      await user.click(chip('Gluten-FreeBud'));
      expect(chip('Gluten-FreeBud')).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByText('Selected: 5/5')).toBeVisible();
    });
  });

  describe('cities', () => {
    it('keeps Complete Profile disabled until a flavor or a city is picked', async () => {
      const onComplete = jest.fn();
      const user = userEvent.setup();
      render(<Picker onComplete={onComplete} />);

      await openCitiesTab(user);
      expect(completeButton()).toBeDisabled();
      await user.click(completeButton());
      expect(onComplete).not.toHaveBeenCalled();

      await user.click(chip('Boston'));
      expect(completeButton()).toBeEnabled();
      await user.click(completeButton());
      expect(onComplete).toHaveBeenCalledTimes(1);

      // A flavor alone is enough too.
      await user.click(chip('Boston'));
      expect(completeButton()).toBeDisabled();
      await user.click(screen.getByRole('button', { name: /Back to Flavors/ }));
      await user.click(chip('TacoBud'));
      await openCitiesTab(user);
      expect(completeButton()).toBeEnabled();
    });

    it('shows Saving... and disables the buttons while saving', async () => {
      const user = userEvent.setup();
      render(<Picker saving />);
      await user.click(chip('SushiBud'));
      await openCitiesTab(user);

      const saving = screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement;
      expect(saving).toBeDisabled();
      expect(screen.getByRole('button', { name: /Back to Flavors/ })).toBeDisabled();
    });

    it('allows 5 cities at most and says so on the 6th, from a chip or typed', async () => {
      const user = userEvent.setup();
      render(<Picker />);
      await openCitiesTab(user);
      expect(screen.getByRole('heading', { name: 'Your Cities (0/5)' })).toBeVisible();

      for (const name of ['New York', 'Chicago', 'Miami', 'Boston', 'Austin']) await user.click(chip(name));
      expect(screen.getByRole('heading', { name: 'Your Cities (5/5)' })).toBeVisible();
      expect(selectedCities()).toEqual(['New York', 'Chicago', 'Miami', 'Boston', 'Austin']);

      await user.click(chip('Denver'));
      expect(await screen.findByText(CITY_LIMIT_MESSAGE)).toBeVisible();
      expect(chip('Denver')).toHaveAttribute('aria-pressed', 'false');

      act(() => toast.dismiss());
      await waitForElementToBeRemoved(() => screen.queryByText(CITY_LIMIT_MESSAGE));
      const search = screen.getByRole('combobox', { name: 'Search cities' }) as HTMLInputElement;
      await user.type(search, 'tiny town{Enter}');
      expect(await screen.findByText(CITY_LIMIT_MESSAGE)).toBeVisible();
      expect(selectedCities()).toHaveLength(5);
      // Refused: the typed text stays in the box.
      expect(search).toHaveValue('tiny town');

      // Removing one from the list makes room again.
      await user.click(screen.getByRole('button', { name: 'Remove Chicago' }));
      await user.click(chip('Denver'));
      expect(selectedCities()).toEqual(['New York', 'Miami', 'Boston', 'Austin', 'Denver']);
    });

    it('adds a typed custom city title-cased, and a typed popular city as that city', async () => {
      const user = userEvent.setup();
      render(<Picker />);
      await openCitiesTab(user);
      const search = screen.getByRole('combobox', { name: 'Search cities' }) as HTMLInputElement;

      await user.type(search, '  tiny   TOWN {Enter}');
      expect(selectedCities()).toEqual(['Tiny Town']);
      expect(search).toHaveValue('');

      await user.type(search, 'bOsToN');
      await user.click(screen.getByRole('button', { name: 'Add' }));
      expect(selectedCities()).toEqual(['Tiny Town', 'Boston']);
      expect(chip('Boston')).toHaveAttribute('aria-pressed', 'true');

      // The same city typed again (any case) is not added twice.
      await user.type(search, 'TINY town{Enter}');
      expect(selectedCities()).toEqual(['Tiny Town', 'Boston']);
      expect(screen.getByRole('heading', { name: 'Your Cities (2/5)' })).toBeVisible();
    });
  });
});
