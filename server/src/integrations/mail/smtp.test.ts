// A real SMTP round trip: nodemailer talks to a local smtp-server, which receives the message.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailSender } from './smtp.js';

describe('SMTP mail sender', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port = 0;
  let refuse = false;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          if (refuse) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 451 }));
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers the mail with a Message-ID derived from the idempotency key', async () => {
    const sender = createSmtpMailSender({
      url: `smtp://127.0.0.1:${port}`,
      from: 'Sportello <no-reply@sportello.test>',
    });
    const { messageId } = await sender.send(
      {
        to: 'mario@example.it',
        subject: 'La tua nuova bolletta',
        text: 'È disponibile la bolletta di novembre.',
      },
      'mail:notification:42',
    );
    sender.close?.();
    expect(messageId).toBe('<mail%3Anotification%3A42@sportello.test>');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@sportello.test', to: ['mario@example.it'] });
    expect(received[0]!.raw).toContain('Subject: La tua nuova bolletta');
    expect(received[0]!.raw).toContain('Message-ID: <mail%3Anotification%3A42@sportello.test>');
  });

  it("sends both parts as multipart/alternative, in the brand's name, marked automatic", async () => {
    const sender = createSmtpMailSender({
      url: `smtp://127.0.0.1:${port}`,
      from: 'Sportello <no-reply@sportello.test>',
    });
    await sender.send(
      {
        to: 'mario@example.it',
        senderName: 'Serena Gas & Luce',
        subject: 'Codice di verifica',
        text: 'Il tuo codice di verifica è 1234.',
        html: '<p>Il tuo codice di verifica è <b>1234</b>.</p>',
      },
      'otp:1',
    );
    sender.close?.();
    const raw = received.at(-1)!.raw;
    expect(received.at(-1)!.from).toBe('no-reply@sportello.test');
    expect(raw).toMatch(/^From: "Serena Gas & Luce" <no-reply@sportello\.test>$/m);
    expect(raw).toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8$/m);
  });

  it('fails (so the job retries) when the server refuses the message', async () => {
    refuse = true;
    const sender = createSmtpMailSender({ url: `smtp://127.0.0.1:${port}`, from: 'no-reply@sportello.test' });
    await expect(sender.send({ to: 'a@example.it', subject: 'x', text: 'y' }, 'k')).rejects.toThrow();
    sender.close?.();
    refuse = false;
  });
});
