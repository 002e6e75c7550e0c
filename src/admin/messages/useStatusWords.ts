import type { MessageStatus } from '../../shared/delivery';
import { messages } from '../../shared/messages';
import { useMessages } from '../i18n';
import { useSimulation } from '../simulation/useSimulation';

type SimulatedStatus = keyof typeof messages.simulation.statuses;

const isSimulatedStatus = (status: MessageStatus): status is SimulatedStatus =>
  status in messages.simulation.statuses;

/**
 * A message status in words, and what it means. While SMS is simulated, the log provider's
 * outcomes (sent, delivered) say so: no phone received the message.
 */
export function useStatusWords() {
  const t = useMessages();
  const { sms } = useSimulation();
  return {
    word: (status: MessageStatus) =>
      sms && isSimulatedStatus(status)
        ? t(`simulation.statuses.${status}`)
        : t(`delivery.statuses.${status}`),
    help: (status: MessageStatus) =>
      sms && isSimulatedStatus(status)
        ? t(`simulation.statusHelp.${status}`)
        : t(`delivery.statusHelp.${status}`),
  };
}
