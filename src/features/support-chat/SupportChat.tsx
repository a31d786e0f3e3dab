import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bestAnswer } from '../../core/support-bot.ts';
import { faqEntries, faqFailed, sendTicket, watchFaq } from '../../state/account/support.ts';
import { useSignals } from '../../state/signals.ts';
import { isLoggedIn } from '../../state/account/user.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ticketErrorText } from './ticket-error.ts';
import './support-chat.css';

type Line = { from: 'bot' | 'you'; text: string; key?: undefined } | { from: 'bot'; key: string; params?: Record<string, string>; text?: undefined };

/**
 * The support bot (spec 2.16): answers from the exchange's FAQ, and hands over to a ticket stored
 * by the exchange when it has no answer or the user asks for a person. A ticket is said to be
 * received only when the exchange has answered with its number.
 */
export function SupportChat({ onClose }: { onClose: () => void }) {
  useSignals();
  const { t } = useTranslation();
  const [lines, setLines] = useState<Line[]>([{ from: 'bot', key: 'support.greeting' }]);
  const [question, setQuestion] = useState('');
  const [ticket, setTicket] = useState(false);
  const logRef = useRef<HTMLOListElement>(null);

  useEffect(watchFaq, []);
  const faq = faqEntries.value;
  useEffect(() => {
    logRef.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [lines, ticket]);

  const ask = (text: string) => {
    const q = text.trim();
    if (q === '') return;
    const hit = faq ? bestAnswer(faq, q) : null;
    setLines((l) => [...l, { from: 'you', text: q }, hit ? { from: 'bot', text: hit.answer } : { from: 'bot', key: 'support.noAnswer' }]);
    setQuestion('');
  };
  const transcript = () => lines.map((l) => `${l.from}: ${l.key ? t(l.key, l.params) : l.text}`).join('\n');
  const lastQuestion = [...lines].reverse().find((l) => l.from === 'you')?.text ?? '';

  return (
    <Dialog title={t('support.title')} closeLabel={t('support.close')} onClose={onClose}>
      <ol className="support-chat__log" role="log" aria-label={t('support.conversation')} ref={logRef}>
        {lines.map((l, i) => (
          <li key={i} className={`support-chat__line support-chat__line--${l.from}`}>
            <span className="visually-hidden">{l.from === 'you' ? t('support.you') : t('support.bot')}: </span>
            {l.key ? t(l.key, l.params) : l.text}
          </li>
        ))}
      </ol>
      {faq === null && !faqFailed.value ? <Spinner label={t('support.loadingAnswers')} /> : null}
      {faqFailed.value ? <p className="support-chat__note">{t('support.answersFailed')}</p> : null}
      {faq && lines.length === 1 ? (
        <ul className="support-chat__suggestions" aria-label={t('support.suggestions')}>
          {faq.map((f) => (
            <li key={f.id}>
              <button type="button" className="support-chat__suggestion" onClick={() => ask(f.question)}>
                {f.question}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {ticket ? (
        <TicketForm
          initialSubject={lastQuestion.slice(0, 120)}
          transcript={transcript}
          onDone={(id) => {
            setTicket(false);
            setLines((l) => [...l, { from: 'bot', key: 'support.ticketReceived', params: { id: String(id) } }]);
          }}
          onCancel={() => setTicket(false)}
        />
      ) : (
        <>
          <form
            className="support-chat__ask"
            onSubmit={(e) => {
              e.preventDefault();
              ask(question);
            }}
          >
            <input
              className="support-chat__input"
              aria-label={t('support.question')}
              placeholder={t('support.questionPlaceholder')}
              value={question}
              maxLength={300}
              onChange={(e) => setQuestion(e.target.value)}
            />
            <Button type="submit" disabled={question.trim() === ''}>
              {t('support.send')}
            </Button>
          </form>
          <button type="button" className="support-chat__handover" onClick={() => setTicket(true)}>
            {isLoggedIn.value ? t('support.writeToUs') : t('support.writeToUsVisitor')}
          </button>
        </>
      )}
    </Dialog>
  );
}

function TicketForm({ initialSubject, transcript, onDone, onCancel }: { initialSubject: string; transcript: () => string; onDone: (id: number) => void; onCancel: () => void }) {
  useSignals();
  const { t } = useTranslation();
  const visitor = !isLoggedIn.value;
  const [subject, setSubject] = useState(initialSubject);
  const [message, setMessage] = useState('');
  const [contact, setContact] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    setSending(true);
    setError(null);
    const sent = await sendTicket({ subject: subject.trim(), message: message.trim(), contact: contact.trim(), transcript: transcript() });
    if (sent.ok) onDone(sent.id);
    else {
      setError(ticketErrorText(sent.refusal, t));
      setSending(false);
    }
  };
  return (
    <form className="support-chat__ticket" aria-label={t('support.ticketForm')} onSubmit={(e) => void submit(e)}>
      <label>
        <span>{t('support.subject')}</span>
        <input required maxLength={120} value={subject} onChange={(e) => setSubject(e.target.value)} />
      </label>
      <label>
        <span>{t('support.message')}</span>
        <textarea required maxLength={2000} rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />
      </label>
      {visitor ? (
        <label>
          <span>{t('support.email')}</span>
          <input type="email" required maxLength={254} autoComplete="email" value={contact} onChange={(e) => setContact(e.target.value)} />
        </label>
      ) : null}
      {error ? (
        <p className="support-chat__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="support-chat__ticket-actions">
        <Button type="button" onClick={onCancel} disabled={sending}>
          {t('support.back')}
        </Button>
        <Button type="submit" variant="primary" disabled={sending || subject.trim() === '' || message.trim() === ''}>
          {sending ? t('support.sending') : t('support.sendTicket')}
        </Button>
      </div>
    </form>
  );
}
