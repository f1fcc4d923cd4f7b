export type MessageChannel = 'sms' | 'email';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** Phone number (sms) or e-mail address. */
  to: string;
  subject?: string;
  body: string;
  /** What the message is about, for the sandbox mailbox (e.g. 'pin', 'bank-link'). */
  purpose: string;
}

export interface SentMessage extends OutgoingMessage {
  id: string;
  sentAt: string;
}

/** Sends SMS and e-mail. The sandbox records them so a tester can read a PIN. */
export interface MessagingPort {
  send(message: OutgoingMessage): Promise<{ id: string }>;
}
