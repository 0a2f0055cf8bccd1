import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
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
});
