import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { PasswordStrengthMeter } from './password-strength-meter';

function shownLabel(): string {
  return screen.getByText(/^Password strength:/).querySelector('strong')?.textContent ?? '';
}

function rule(text: string): HTMLElement {
  return screen.getByText(text).closest('li') as HTMLElement;
}

describe('PasswordStrengthMeter', () => {
  it.each([
    ['', 'Very weak', 0],
    ['abc', 'Very weak', 0],
    ['abcdefgh', 'Weak', 1],
    ['Abcdefgh', 'Medium', 2],
    ['Abcdefg1', 'Strong', 3],
    ['Abcdef1!', 'Very strong', 4],
    ['A1!', 'Strong', 3],
  ])('labels %j as %s', (password, label, score) => {
    render(<PasswordStrengthMeter password={password} />);

    expect(shownLabel()).toBe(label);
    expect(screen.getByText(label)).toHaveAttribute('data-score', String(score));
    // One filled bar per passing rule.
    expect(document.querySelectorAll('.strength__bar[class*="strength__bar--"]')).toHaveLength(score);
  });

  it('marks each of the four rules met or not met', () => {
    render(<PasswordStrengthMeter password="lowercase1" />);

    expect(rule('At least 8 characters')).toHaveTextContent('(met)');
    expect(rule('A number')).toHaveTextContent('(met)');
    expect(rule('An uppercase letter')).toHaveTextContent('(not met)');
    expect(rule('A special character')).toHaveTextContent('(not met)');
    expect(rule('At least 8 characters')).toHaveClass('strength__rule--ok');
    expect(rule('An uppercase letter')).not.toHaveClass('strength__rule--ok');
  });

  it('updates the label as the password changes', () => {
    const { rerender } = render(<PasswordStrengthMeter password="short" />);
    expect(shownLabel()).toBe('Very weak');

    rerender(<PasswordStrengthMeter password="Short1!x" />);
    expect(shownLabel()).toBe('Very strong');
  });
});
