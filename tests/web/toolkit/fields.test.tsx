// Every field type rendered through the registry, with accessible queries (labels tied to inputs).
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { FIELD_TYPES, LAYOUT_TYPES, type FieldSchema } from '../../../machines/contracts/form-schema.ts';
import { STORE_SEARCH_URL, TAGS_URL, toolkitHandlers } from '../../../msw/toolkit-handlers.ts';
import { createCaller, type Caller } from '../../../web/toolkit/api/caller.ts';
import { registeredTypes } from '../../../web/toolkit/form/registry.ts';
import { renderFields } from './render.tsx';
import { serveDuringTests } from '../../support/msw-server.ts';

const server = setupServer(...toolkitHandlers);
serveDuringTests(server);

describe('the registry', () => {
  it('has a component for every field and layout type', () => {
    const types = registeredTypes();
    for (const type of [...FIELD_TYPES, ...LAYOUT_TYPES]) expect(types).toContain(type);
  });

  it('tells the developer when a type is not registered', () => {
    renderFields([{ type: 'signature', name: 'sig', label: 'Signature' }]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Input for type signature not found! Did you forget to register it?',
    );
  });
});

describe('text inputs', () => {
  it.each([
    ['input', 'textbox'],
    ['text', 'textbox'],
    ['email', 'textbox'],
    ['url', 'textbox'],
    ['number', 'textbox'],
    ['textarea', 'textbox'],
    ['tel', 'textbox'],
    ['money', 'textbox'],
    ['date', 'textbox'],
  ])('renders %s with its label tied to it', (type, role) => {
    renderFields([{ type, name: 'field', label: 'The Field', hint: 'A hint' }]);
    const input = screen.getByRole(role, { name: 'The Field' });
    expect(input).toHaveAccessibleDescription('A hint');
  });

  it('renders password and color inputs', () => {
    renderFields([
      { type: 'password', name: 'secret', label: 'Password' },
      { type: 'color', name: 'brand', label: 'Brand color' },
    ]);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Brand color')).toHaveAttribute('type', 'color');
  });

  it('shows the error on blur, tied with aria-describedby and aria-invalid', async () => {
    const user = userEvent.setup();
    renderFields([{ type: 'text', name: 'name', label: 'Name', required: true }]);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAttribute('aria-required', 'true');
    await user.click(input);
    await user.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('This field is required!');
    await user.type(input, 'Ann');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('conceals all but the last 4 characters when not focused', async () => {
    const user = userEvent.setup();
    renderFields([{ type: 'text', name: 'ssn', label: 'SSN', conceal: true }], { ssn: '123456789' });
    const input = screen.getByLabelText('SSN');
    expect(input).toHaveValue('•••••6789');
    await user.click(input);
    expect(input).toHaveValue('123456789');
    await user.tab();
    expect(input).toHaveValue('•••••6789');
  });

  it('blocks paste, copy and cut, with the optional alert', async () => {
    renderFields([
      {
        type: 'email',
        name: 'email_confirm',
        label: 'Confirm E-mail',
        blockPaste: 'Please type your e-mail address again.',
      },
      { type: 'text', name: 'account', label: 'Account', blockCopy: true, blockCut: true },
    ]);
    const confirm = screen.getByLabelText('Confirm E-mail');
    const pasted = fireEvent.paste(confirm, { clipboardData: { getData: () => 'a@b.co' } });
    expect(pasted).toBe(false);
    expect(await screen.findByRole('status')).toHaveTextContent('Please type your e-mail address again.');
    const account = screen.getByLabelText('Account');
    expect(fireEvent.copy(account)).toBe(false);
    expect(fireEvent.cut(account)).toBe(false);
    expect(fireEvent.paste(account)).toBe(true);
  });

  it('keeps only digits and + in phones, shown as (###) ###-####', async () => {
    const user = userEvent.setup();
    renderFields([{ type: 'tel', name: 'phone', label: 'Cell Phone' }]);
    const input = screen.getByLabelText('Cell Phone');
    await user.type(input, '555abc1234567');
    expect(input).toHaveValue('(555) 123-4567');
  });

  it('keeps digits and one decimal point in money and shows $0,0.00 when leaving', async () => {
    const user = userEvent.setup();
    renderFields([{ type: 'money', name: 'price', label: 'Cash Price' }], { price: 150000 });
    const input = screen.getByLabelText('Cash Price');
    expect(input).toHaveValue('$1,500.00');
    await user.clear(input);
    await user.type(input, '2a,345.6.7');
    expect(input).toHaveValue('2345.67');
    await user.tab();
    expect(input).toHaveValue('$2,345.67');
  });

  it('accepts digit keystrokes only in dates and stores YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    renderFields([{ type: 'date', name: 'dob', label: 'Date of Birth' }]);
    const input = screen.getByLabelText('Date of Birth');
    await user.type(input, '0a3/1b5x1990');
    expect(input).toHaveValue('03/15/1990');
  });

  it('rejects dates outside the calendar limits', async () => {
    const user = userEvent.setup();
    renderFields([
      { type: 'date', name: 'delivery', label: 'Delivery Date', pickerOptions: { weekdays: [1, 2, 3, 4, 5] } },
    ]);
    const input = screen.getByLabelText('Delivery Date');
    await user.type(input, '03082025'); // a Saturday
    await user.tab();
    expect(input).toHaveAccessibleDescription('The Delivery Date value must be a valid date.');
  });

  it('renders time and datetime inputs with their limits', () => {
    renderFields([
      { type: 'time', name: 'at', label: 'Time', min: '08:00', max: '17:00' },
      { type: 'datetime', name: 'when', label: 'When' },
    ]);
    expect(screen.getByLabelText('Time')).toHaveAttribute('type', 'time');
    expect(screen.getByLabelText('Time')).toHaveAttribute('min', '08:00');
    expect(screen.getByLabelText('When')).toHaveAttribute('type', 'datetime-local');
  });

  it('renders a hidden field without anything visible', () => {
    const { container } = renderFields([{ type: 'hidden', name: 'token', label: 'Token' }], { token: 'abc' });
    expect(container.querySelector('input[type="hidden"]')).toHaveValue('abc');
    expect(screen.queryByLabelText('Token')).toBeNull();
  });

  it('enables an overridable field only when its name is in the override list', () => {
    renderFields(
      [
        { type: 'text', name: 'last_name', label: 'Last Name', overridable: true },
        { type: 'text', name: 'ssn', label: 'SSN', overridable: true },
      ],
      { overrides: ['ssn'] },
    );
    expect(screen.getByLabelText('Last Name')).toBeDisabled();
    expect(screen.getByLabelText('SSN')).toBeEnabled();
  });

  it('shows prepend/append, help and tooltip', () => {
    renderFields([
      {
        type: 'number',
        name: 'rate',
        label: 'Rate',
        prepend: '%',
        append: 'per year',
        help: 'Annual',
        tooltip: 'Rate per year',
      },
    ]);
    expect(screen.getByText('%')).toBeInTheDocument();
    expect(screen.getByText('per year')).toBeInTheDocument();
    expect(screen.getByLabelText('Rate')).toHaveAccessibleDescription('Annual Rate per year');
    expect(screen.getByRole('tooltip')).toHaveTextContent('Rate per year');
  });
});

describe('choices', () => {
  const options = [
    { value: 'weekly', text: 'Weekly' },
    { value: 'monthly', text: 'Monthly' },
  ];

  it('renders a select with its options', async () => {
    const user = userEvent.setup();
    renderFields([{ type: 'select', name: 'frequency', label: 'Frequency', options }]);
    const select = screen.getByRole('combobox', { name: 'Frequency' });
    await user.selectOptions(select, 'Monthly');
    expect(select).toHaveDisplayValue('Monthly');
  });

  it('renders checkbox and switch (Yes/No) with checked/unchecked values', async () => {
    const user = userEvent.setup();
    renderFields(
      [
        { type: 'checkbox', name: 'agree', label: 'I agree', checkedValue: 'Y', uncheckedValue: 'N' },
        { type: 'switch', name: 'active', label: 'Active' },
      ],
      { agree: 'N', active: false },
    );
    const agree = screen.getByRole('checkbox', { name: 'I agree' });
    await user.click(agree);
    expect(agree).toBeChecked();
    const toggle = screen.getByRole('switch', { name: 'Active' });
    expect(screen.getByText('No')).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(screen.getByText('Yes')).toBeInTheDocument();
  });

  it('renders checkboxes and radio groups named by their legend', async () => {
    const user = userEvent.setup();
    renderFields([
      {
        type: 'checkboxes',
        name: 'days',
        label: 'Days',
        options: [
          { value: 'mon', text: 'Mon' },
          { value: 'tue', text: 'Tue' },
        ],
      },
      { type: 'radio', name: 'frequency', label: 'Pay Frequency', options },
    ]);
    const days = screen.getByRole('group', { name: 'Days' });
    await user.click(within(days).getByRole('checkbox', { name: 'Tue' }));
    expect(within(days).getByRole('checkbox', { name: 'Tue' })).toBeChecked();
    const group = screen.getByRole('group', { name: 'Pay Frequency' });
    await user.click(within(group).getByRole('radio', { name: 'Weekly' }));
    expect(within(group).getByRole('radio', { name: 'Weekly' })).toBeChecked();
  });

  it('multi-select offers Select All without max', async () => {
    const user = userEvent.setup();
    renderFields([
      {
        type: 'multi-select',
        name: 'states',
        label: 'States',
        options: [
          { value: 'CA', text: 'California' },
          { value: 'NY', text: 'New York' },
        ],
      },
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(screen.getByRole('checkbox', { name: 'California' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'New York' })).toBeChecked();
  });

  it('multi-select honours max and hides Select All', async () => {
    const user = userEvent.setup();
    renderFields([
      {
        type: 'multi-select',
        name: 'states',
        label: 'States',
        max: 2,
        options: [
          { value: 'CA', text: 'California' },
          { value: 'NY', text: 'New York' },
          { value: 'TX', text: 'Texas' },
        ],
      },
    ]);
    expect(screen.queryByRole('checkbox', { name: 'Select All' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'California' }));
    await user.click(screen.getByRole('checkbox', { name: 'New York' }));
    expect(screen.getByRole('checkbox', { name: 'Texas' })).toBeDisabled();
  });

  it('searchable select: asks for more characters, searches after 500 ms, shows no options', async () => {
    const user = userEvent.setup();
    renderFields([
      { type: 'select', name: 'store', label: 'Store', url: STORE_SEARCH_URL, valueKey: 'id', textKey: 'name' },
    ]);
    const input = screen.getByRole('combobox', { name: 'Store' });
    await user.type(input, 'Ma');
    expect(screen.getByRole('status')).toHaveTextContent('Enter 1 more character(s)');
    await user.type(input, 'in');
    expect(await screen.findByRole('option', { name: 'Main Street' }, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await user.click(screen.getByRole('option', { name: 'Main Avenue' }));
    expect(input).toHaveValue('Main Avenue');
    await user.clear(input);
    await user.type(input, 'zzz');
    expect(await screen.findByText('No options found', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it('searchable select shows a search failure under its heading', async () => {
    const user = userEvent.setup();
    renderFields([
      { type: 'select', name: 'store', label: 'Store', url: STORE_SEARCH_URL, textKey: 'name', valueKey: 'id' },
    ]);
    await user.type(screen.getByRole('combobox', { name: 'Store' }), 'boom');
    const alert = await screen.findByRole('alert', {}, { timeout: 2000 });
    expect(alert).toHaveTextContent('Oops, looks like there was an error');
    expect(alert).toHaveTextContent('Search is unavailable');
  });

  it('taggable select creates a new option with POST taggableUrl', async () => {
    const user = userEvent.setup();
    renderFields([
      {
        type: 'select',
        name: 'tag',
        label: 'Tag',
        taggable: true,
        taggableUrl: TAGS_URL,
        options: [{ value: 1, text: 'VIP' }],
      },
    ]);
    const input = screen.getByRole('combobox', { name: 'Tag' });
    await user.type(input, 'Priority');
    await user.click(screen.getByRole('option', { name: 'Create "Priority"' }));
    await waitFor(() => expect(input).toHaveValue('Priority'));
  });

  it('renders tags that can be added and removed', async () => {
    const user = userEvent.setup();
    renderFields([{ type: 'tag', name: 'emails', label: 'Notification emails' }], { emails: ['a@x.co'] });
    const input = screen.getByLabelText('Notification emails');
    await user.type(input, 'b@x.co{Enter}');
    expect(screen.getByText('b@x.co')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove a@x.co' }));
    expect(screen.queryByText('a@x.co')).toBeNull();
  });
});

describe('reference and autocomplete', () => {
  it('reference: hint under 3 characters, results after the debounce, unset after confirming', async () => {
    const user = userEvent.setup();
    renderFields([
      {
        type: 'reference',
        name: 'store',
        label: 'Store',
        url: STORE_SEARCH_URL,
        valueKey: 'id',
        textKey: 'name',
        buttons: [{ type: 'unset' }],
      },
    ]);
    const input = screen.getByRole('combobox', { name: 'Store' });
    await user.type(input, 'Ex');
    expect(screen.getByRole('status')).toHaveTextContent('Type 3 or more character(s)');
    await user.type(input, 'p');
    await user.click(await screen.findByRole('option', { name: 'Express' }, { timeout: 2000 }));
    expect(input).toHaveValue('Express');
    await user.click(screen.getByRole('button', { name: 'Unset' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to unset the value of this field?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(input).toHaveValue('');
  });

  it('autocomplete: no result message', async () => {
    const user = userEvent.setup();
    renderFields([
      {
        type: 'autocomplete',
        name: 'store_id',
        label: 'Store',
        url: STORE_SEARCH_URL,
        valueKey: 'id',
        textKey: 'name',
      },
    ]);
    await user.type(screen.getByRole('combobox', { name: 'Store' }), 'Nothing');
    expect(
      await screen.findByText('No result matching your search criteria found!', {}, { timeout: 2000 }),
    ).toBeInTheDocument();
  });
});

describe('search debounces', () => {
  function spyCaller() {
    const get = vi.fn(async () => ({ status: true, code: 200, data: [{ id: 1, name: 'Express' }] }));
    const caller = { ...createCaller(), get } as unknown as Caller;
    return { caller, get };
  }

  it.each([
    ['reference', 300],
    ['autocomplete', 500],
    ['select', 500],
  ])('%s searches %i ms after the last keystroke, with the query parameter', async (type, ms) => {
    vi.useFakeTimers();
    try {
      const { caller, get } = spyCaller();
      renderFields(
        [
          {
            type,
            name: 'store',
            label: 'Store',
            url: STORE_SEARCH_URL,
            query: 'keyword',
            params: { active: 1 },
            textKey: 'name',
            valueKey: 'id',
          },
        ],
        {},
        { caller },
      );
      const input = screen.getByRole('combobox', { name: 'Store' });
      fireEvent.change(input, { target: { value: 'Ex' } });
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(get).not.toHaveBeenCalled();
      fireEvent.change(input, { target: { value: 'Exp' } });
      await act(() => vi.advanceTimersByTimeAsync(ms - 1));
      expect(get).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(get).toHaveBeenCalledTimes(1);
      expect(get).toHaveBeenCalledWith(STORE_SEARCH_URL, { active: 1, keyword: 'Exp' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('containers and layouts', () => {
  const contacts: FieldSchema = {
    type: 'collection',
    name: 'contacts',
    label: 'Contacts',
    item_label: 'Contact {index}',
    min: 1,
    max: 2,
    allowMove: true,
    children: [{ type: 'text', name: 'name', label: 'Contact name' }],
  };

  it('collection: add only below max, remove only above min, move', async () => {
    const user = userEvent.setup();
    renderFields([contacts], { contacts: [{ name: 'Ann' }] });
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('heading', { name: 'Contact 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    const inputs = screen.getAllByLabelText('Contact name');
    await user.type(inputs[1]!, 'Bob');
    await user.click(screen.getByRole('button', { name: 'Move up: Contact 2' }));
    expect(screen.getAllByLabelText('Contact name').map((i) => (i as HTMLInputElement).value)).toEqual(['Bob', 'Ann']);
    await user.click(screen.getByRole('button', { name: 'Remove: Contact 1' }));
    expect(screen.getAllByLabelText('Contact name').map((i) => (i as HTMLInputElement).value)).toEqual(['Ann']);
  });

  it('collection shows its no-content text', () => {
    renderFields([{ ...contacts, min: 0, no_content_text: 'No contacts added.' }], { contacts: [] });
    expect(screen.getByText('No contacts added.')).toBeInTheDocument();
  });

  it('subform names its children inside its own name', async () => {
    const user = userEvent.setup();
    renderFields(
      [
        {
          type: 'subform',
          name: 'address',
          label: 'Address',
          children: [{ type: 'text', name: 'city', label: 'City' }],
        },
      ],
      {
        address: { city: 'Austin' },
      },
    );
    const group = screen.getByRole('group', { name: 'Address' });
    const city = within(group).getByLabelText('City');
    expect(city).toHaveValue('Austin');
    await user.type(city, 'X');
    expect(city).toHaveValue('AustinX');
  });

  it('repeat edits a list of values', async () => {
    const user = userEvent.setup();
    renderFields([{ type: 'repeat', name: 'skus', label: 'SKU', max: 2 }], { skus: ['A1'] });
    expect(screen.getByLabelText('SKU 1')).toHaveValue('A1');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(screen.getByLabelText('SKU 2'), 'B2');
    expect(screen.getByLabelText('SKU 2')).toHaveValue('B2');
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });

  it('html edits source and previews it in a sandboxed frame', async () => {
    const user = userEvent.setup();
    renderFields([{ type: 'html', name: 'body', label: 'Template body' }], { body: '<p>Hello</p>' });
    expect(screen.getByLabelText('Template body')).toHaveValue('<p>Hello</p>');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByTitle('Preview: Template body')).toHaveAttribute('sandbox', '');
  });

  it('renders section, row, column, content and form groups', () => {
    renderFields([
      {
        type: 'section',
        label: 'Store',
        children: [
          {
            type: 'row',
            children: [
              { type: 'column', cols: 6, children: [{ type: 'text', name: 'name', label: 'Store name' }] },
              {
                type: 'column',
                cols: 6,
                children: [
                  { type: 'form', label: 'Contact', children: [{ type: 'text', name: 'phone', label: 'Phone' }] },
                ],
              },
            ],
          },
          { type: 'content', content: 'Stores must be active to apply.' },
        ],
      },
    ]);
    expect(screen.getByRole('region', { name: 'Store' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Store name' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Contact' })).getByLabelText('Phone')).toBeInTheDocument();
    expect(screen.getByText('Stores must be active to apply.')).toBeInTheDocument();
  });

  it('tabs follow the ARIA pattern and arrow keys', async () => {
    const user = userEvent.setup();
    renderFields([
      {
        type: 'tabs',
        label: 'Store settings',
        children: [
          { type: 'tab', label: 'General', children: [{ type: 'text', name: 'name', label: 'Name' }] },
          { type: 'tab', label: 'Banking', children: [{ type: 'text', name: 'routing', label: 'Routing number' }] },
        ],
      },
    ]);
    const general = screen.getByRole('tab', { name: 'General' });
    expect(general).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'General' })).toBeVisible();
    await user.click(general);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Banking' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Banking' })).toBeVisible();
    expect(screen.getByLabelText('Routing number')).toBeInTheDocument();
  });

  it('hides a field until all of its conditions hold', async () => {
    const user = userEvent.setup();
    renderFields([
      {
        type: 'select',
        name: 'home',
        label: 'Home type',
        options: [
          { value: 'own', text: 'Own' },
          { value: 'leased', text: 'Leased land' },
        ],
      },
      {
        type: 'text',
        name: 'owner',
        label: 'Land owner name',
        conditions: [{ ref: 'home', operator: '==', values: ['leased'] }],
      },
    ]);
    expect(screen.queryByLabelText('Land owner name')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Home type'), 'Leased land');
    expect(screen.getByLabelText('Land owner name')).toBeInTheDocument();
  });

  it('date-range moves the end with the start, keeping the gap', async () => {
    renderFields(
      [
        {
          type: 'date-range',
          label: 'Appointment',
          children: [
            { type: 'datetime', name: 'starts_at', label: 'Starts' },
            { type: 'datetime', name: 'ends_at', label: 'Ends' },
          ],
        },
      ],
      { starts_at: '2025-03-01T09:00', ends_at: '2025-03-01T10:30' },
    );
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2025-03-02T14:00' } });
    await waitFor(() => expect(screen.getByLabelText('Ends')).toHaveValue('2025-03-02T15:30'));
  });

  it('date-range uses start + 1 hour when there is no end', async () => {
    renderFields([
      {
        type: 'date-range',
        label: 'Appointment',
        children: [
          { type: 'datetime', name: 'starts_at', label: 'Starts' },
          { type: 'datetime', name: 'ends_at', label: 'Ends' },
        ],
      },
    ]);
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2025-03-02T23:30' } });
    await waitFor(() => expect(screen.getByLabelText('Ends')).toHaveValue('2025-03-03T00:30'));
  });
});

describe('recurrence', () => {
  it('offers the presets and end modes and shows the next dates', async () => {
    const user = userEvent.setup();
    renderFields([{ type: 'recurrence', name: 'schedule', label: 'Schedule' }], {
      schedule: { freq: 2, interval: 1, dtstart: '2025-01-14', byweekday: [1] },
    });
    const group = screen.getByRole('group', { name: 'Schedule' });
    const repeat = within(group).getByLabelText('Repeat');
    expect(repeat).toHaveDisplayValue('Weekly on Tuesday');
    expect(within(repeat).getByRole('option', { name: 'Monthly on the second Tuesday' })).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'Never (Limited to 1 year)' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'After' }));
    fireEvent.change(within(group).getByLabelText('Occurrences'), { target: { value: '3' } });
    const next = within(group).getByRole('list', { name: 'Next dates' });
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2025-01-14', '2025-01-21', '2025-01-28']);
    await user.selectOptions(repeat, 'Custom');
    expect(within(group).getByLabelText('Every')).toHaveValue(1);
    await user.click(within(group).getByRole('checkbox', { name: 'Thursday' }));
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2025-01-14', '2025-01-16', '2025-01-21']);
  });
});

describe('Spanish', () => {
  it('renders the toolkit texts in Spanish', async () => {
    const user = userEvent.setup();
    renderFields(
      [
        { type: 'switch', name: 'active', label: 'Activo' },
        { type: 'text', name: 'n', label: 'Nombre', required: true },
      ],
      {},
      { lang: 'es' },
    );
    expect(screen.getByText('No')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByLabelText('Nombre')).toHaveAccessibleDescription('¡Este campo es obligatorio!');
  });
});
