import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { accountMessages, cardMessages, type CardInput } from '@serpwise/contracts';
import { CardForm } from './card-form';

describe('CardForm', () => {
  it('shows a field message after blur, and the documented message on an invalid submit', async () => {
    const onSubmit = jest.fn<(card: CardInput) => void>();
    render(<CardForm submitLabel="Pay" onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Card number'), '4242 42');
    expect(screen.queryByText(cardMessages.numberInvalid)).not.toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByText(cardMessages.numberInvalid)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Security code'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByText(accountMessages.formInvalid)).toBeInTheDocument();
    expect(screen.getByText(cardMessages.securityCodeInvalid)).toBeInTheDocument();
    expect(screen.getByText(cardMessages.nameRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('detects the type and sends digits only with the month and year', async () => {
    const onSubmit = jest.fn<(card: CardInput) => void>();
    render(<CardForm submitLabel="Pay" onSubmit={onSubmit} />);
    const year = new Date().getFullYear() + 3;
    await userEvent.type(screen.getByLabelText('Name on card'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Card number'), '3782-822463-10005');
    expect(screen.getByText('Card type: American Express')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Expiration month'), '7');
    await userEvent.selectOptions(screen.getByLabelText('Expiration year'), String(year));
    expect(screen.getByLabelText('Expiration year').querySelectorAll('option')).toHaveLength(16); // placeholder + 15 years
    await userEvent.type(screen.getByLabelText('Security code'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ada Lovelace', number: '378282246310005', securityCode: '1234', expirationMonth: 7, expirationYear: year });
  });

  it.each([
    ['4111 1111 1111 1111', 'Visa'],
    ['2221 0000 0000 0009', 'MasterCard'],
    ['2720 9900 0000 0000', 'MasterCard'],
    ['5105 1051 0510 5100', 'MasterCard'],
    ['5555 5555 5555 4444', 'MasterCard'],
    ['6011 1111 1111 1117', 'Discover'],
    ['3400 000000 00009', 'American Express'],
    ['3782 822463 10005', 'American Express'],
  ])('shows %s as %s', (number, type) => {
    render(<CardForm submitLabel="Pay" onSubmit={() => {}} />);
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
    expect(screen.getByText(`Card type: ${type}`)).toBeInTheDocument();
  });

  it('refuses 12 or 17 digits and a 5-digit code, takes 13 digits and a 3-digit code', async () => {
    render(<CardForm submitLabel="Pay" onSubmit={() => {}} />);
    const number = screen.getByLabelText('Card number');
    const code = screen.getByLabelText('Security code');
    for (const [value, problem] of [
      ['4222 2222 2222', true],
      ['4222 2222 2222 2222 2', true],
      ['4222-2222-22222', false],
    ] as const) {
      await userEvent.clear(number);
      await userEvent.type(number, value);
      await userEvent.tab();
      expect(screen.queryByText(cardMessages.numberInvalid) !== null).toBe(problem);
    }
    await userEvent.type(code, '12345');
    await userEvent.tab();
    expect(screen.getByText(cardMessages.securityCodeInvalid)).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '123');
    expect(screen.queryByText(cardMessages.securityCodeInvalid)).not.toBeInTheDocument();
  });

  it('offers months 01-12 and 15 years starting from last year', () => {
    render(<CardForm submitLabel="Pay" onSubmit={() => {}} />);
    const months = [...screen.getByLabelText('Expiration month').querySelectorAll('option')].slice(1).map((option) => option.textContent);
    expect(months).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
    const years = [...screen.getByLabelText('Expiration year').querySelectorAll('option')].slice(1).map((option) => Number(option.value));
    const lastYear = new Date().getFullYear() - 1;
    expect(years).toEqual(Array.from({ length: 15 }, (_, index) => lastYear + index));
  });
});
