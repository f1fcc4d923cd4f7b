import { afterEach, describe, expect, it } from 'vitest';
import {
  captureTypedFields,
  forgetTypedFields,
  holdTypedFields,
  replayTypedFields,
} from '../../../web/shopper/shell/picture-fields.ts';

// The first step's picture takes typing while the form loads; each copy of it (index.html's, then the app's screens')
// starts from what was typed, and the form takes it over. The browser test (shopper-shell.spec.ts) walks it through
// a checkout link; these are the rules, one by one.

function picture(): HTMLElement {
  const div = document.createElement('div');
  div.className = 'step-picture';
  div.innerHTML = `<form>
    <input name="applicant.first_name" value="">
    <input name="applicant.last_name" value="">
    <input name="applicant.cell" type="tel" value="">
    <input name="applicant.social_security_number" data-concealed="" value="">
    <select name="applicant.title" disabled><option value="" selected>Select…</option></select>
    <button type="submit">Continue</button>
  </form>`;
  document.body.append(div);
  return div;
}

function field(root: ParentNode, name: string): HTMLInputElement {
  return root.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
}

/** A copy of the picture on screen while `act` runs, then gone. */
function onPicture(act: (copy: HTMLElement) => void) {
  const copy = picture();
  const stop = holdTypedFields(copy);
  act(copy);
  stop();
  copy.remove();
}

/** Continue (or Enter) on a picture: its form's submit. */
function pressContinue(copy: HTMLElement) {
  copy.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
}

function type(input: HTMLInputElement, text: string) {
  input.focus();
  input.value += text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A form like the app's: each field's handler builds the next state on the one it last rendered. */
function form(onContinue: () => void, more = '') {
  const div = document.createElement('div');
  div.innerHTML = `<form>
    <input name="applicant.first_name" value="">
    <input name="applicant.last_name" value="">
    <input name="applicant.cell" type="tel" value="">
    <input name="applicant.social_security_number" value="">
    ${more}
    <button type="submit">Continue</button>
  </form>`;
  document.body.append(div);
  let state: Record<string, string> = {};
  let rendered = state;
  for (const input of div.querySelectorAll('input'))
    input.addEventListener('input', () => {
      const digits = input.name === 'applicant.cell' ? input.value.replace(/\D/g, '') : input.value;
      const masked =
        input.name === 'applicant.cell' && digits.length === 10
          ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
          : digits;
      // the closure of the last render, as a React handler has
      state = { ...rendered, [input.name]: masked };
      setTimeout(() => {
        rendered = state;
        for (const el of div.querySelectorAll('input')) el.value = rendered[el.name] ?? '';
      }, 0);
    });
  div.querySelector('button')!.addEventListener('click', onContinue);
  return { div, state: () => rendered };
}

afterEach(() => {
  forgetTypedFields();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-picture-continue');
});

describe("the first step's picture", () => {
  it('hands what was typed, the focus and the caret from one copy to the next', () => {
    const first = picture();
    const stop = holdTypedFields(first);
    type(field(first, 'applicant.first_name'), 'Ana');
    type(field(first, 'applicant.cell'), '40455');
    field(first, 'applicant.cell').setSelectionRange(2, 2);
    // the copy leaves the page (its focus with it), then the next screen's copy arrives
    first.remove();
    stop();
    const next = picture();
    holdTypedFields(next);
    expect(field(next, 'applicant.first_name').value).toBe('Ana');
    expect(field(next, 'applicant.cell').value).toBe('40455');
    expect(document.activeElement).toBe(field(next, 'applicant.cell'));
    expect(field(next, 'applicant.cell').selectionStart).toBe(2);
    expect(field(next, 'applicant.last_name').value).toBe('');
  });

  it("takes index.html's copy as it was when the app started, and a focus moved elsewhere is not given back", () => {
    const copy = picture();
    field(copy, 'applicant.last_name').value = 'Lopez';
    field(copy, 'applicant.last_name').focus();
    captureTypedFields(copy);
    copy.remove();
    const appCopy = picture();
    const stop = holdTypedFields(appCopy);
    expect(field(appCopy, 'applicant.last_name').value).toBe('Lopez');
    expect(document.activeElement).toBe(field(appCopy, 'applicant.last_name'));
    // the shopper moves on to something else on the page
    const elsewhere = document.createElement('button');
    document.body.append(elsewhere);
    elsewhere.focus();
    stop();
    appCopy.remove();
    const last = picture();
    holdTypedFields(last);
    expect(field(last, 'applicant.last_name').value).toBe('Lopez');
    expect(document.activeElement).toBe(elsewhere);
  });

  it('shows only the last 4 characters of a concealed field the shopper has left, as the form does', async () => {
    const copy = picture();
    const stop = holdTypedFields(copy);
    const ssn = field(copy, 'applicant.social_security_number');
    type(ssn, '587712931');
    expect(ssn.value).toBe('587712931');
    field(copy, 'applicant.cell').focus();
    expect(ssn.value).toBe('*****2931');
    ssn.focus();
    expect(ssn.value).toBe('587712931');
    field(copy, 'applicant.cell').focus();
    stop();
    copy.remove();
    // the next copy shows it concealed too; the form gets the whole value
    const next = picture();
    const stopNext = holdTypedFields(next);
    expect(field(next, 'applicant.social_security_number').value).toBe('*****2931');
    stopNext();
    const real = form(() => undefined);
    await replayTypedFields(real.div);
    await new Promise((r) => setTimeout(r, 0));
    expect(real.state()['applicant.social_security_number']).toBe('587712931');
  });

  it('does not send its form: Enter or Continue waits for the form', () => {
    const copy = picture();
    holdTypedFields(copy);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    copy.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });
});

describe('the form taking over', () => {
  it('gets every value through its own input handling, one at a time, then the focus and caret', async () => {
    const copy = picture();
    const stop = holdTypedFields(copy);
    type(field(copy, 'applicant.first_name'), 'Ana');
    type(field(copy, 'applicant.cell'), '4045550140');
    type(field(copy, 'applicant.last_name'), 'Lop');
    field(copy, 'applicant.last_name').setSelectionRange(1, 1);
    stop();
    copy.remove();
    let continued = 0;
    const real = form(() => continued++);
    expect(await replayTypedFields(real.div)).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    // every value arrived, though each handler builds on the state it last rendered (none overwrote another)
    expect(real.state()).toEqual({
      'applicant.first_name': 'Ana',
      'applicant.cell': '(404) 555-0140',
      'applicant.last_name': 'Lop',
    });
    expect(document.activeElement).toBe(field(real.div, 'applicant.last_name'));
    expect(field(real.div, 'applicant.last_name').selectionStart).toBe(1);
    // nothing pressed: the form does not go on; and the values are handed over once
    expect(continued).toBe(0);
    expect(await replayTypedFields(form(() => undefined).div)).toBe(false);
  });

  it('presses Continue for the shopper who pressed it on the picture, not for one who typed again since', async () => {
    onPicture((copy) => {
      type(field(copy, 'applicant.first_name'), 'Ana');
      pressContinue(copy);
    });
    let continued = 0;
    await replayTypedFields(form(() => continued++).div);
    expect(continued).toBe(1);

    onPicture((copy) => {
      pressContinue(copy);
      type(field(copy, 'applicant.first_name'), 'Ana');
    });
    let continuedAgain = 0;
    await replayTypedFields(form(() => continuedAgain++).div);
    expect(continuedAgain).toBe(0);
  });

  it('presses Continue pressed on the untouched picture (the form has its data from elsewhere)', async () => {
    onPicture((copy) => pressContinue(copy));
    let continued = 0;
    expect(await replayTypedFields(form(() => continued++).div)).toBe(false);
    expect(continued).toBe(1);
  });

  it('does not press Continue on a form that is not the step the picture showed (the single-page form)', async () => {
    onPicture((copy) => {
      type(field(copy, 'applicant.first_name'), 'Ana');
      pressContinue(copy);
    });
    let submitted = 0;
    const singlePage = form(() => submitted++, '<input name="location.city" value="">');
    expect(await replayTypedFields(singlePage.div)).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(singlePage.state()['applicant.first_name']).toBe('Ana');
    expect(submitted).toBe(0);
  });

  it("carries out an Enter pressed in index.html's copy (boot.ts marked it), once", async () => {
    const copy = picture();
    field(copy, 'applicant.first_name').value = 'Ana';
    document.documentElement.setAttribute('data-picture-continue', '');
    captureTypedFields(copy);
    expect(document.documentElement.hasAttribute('data-picture-continue')).toBe(false);
    let continued = 0;
    await replayTypedFields(form(() => continued++).div);
    expect(continued).toBe(1);
  });
});
