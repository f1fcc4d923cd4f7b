// The staff API's answer to a request it refuses as invalid (422), as the msw stand-ins of these tests give it.
import { HttpResponse } from 'msw';

export function invalidAnswer(errors: Record<string, string[]>) {
  return HttpResponse.json(
    { status: false, code: 422, data: null, message: 'The given data was invalid.', errors },
    { status: 422 },
  );
}
