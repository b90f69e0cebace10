// /myaccount: the provider's own information (myAccount definition: read, update, download as a file).
import { FormScreen } from '../../form/FormScreen';
import type { SubmittedEvent } from '../../form/DefinitionForm';
import { toast } from '../../shell/feedback';
import type { ScreenProps } from '../../shell/routeTable';
import { useSession } from '../SessionContext';

export default function MyAccountPage(_props: ScreenProps) {
  const session = useSession();
  const onSubmitted = ({ action }: SubmittedEvent) => {
    if (action.name === 'download') return;
    toast('Form.saved', { kind: 'success' });
    // The name in the top bar and on the dashboard follows the update.
    void session.refresh().catch(() => undefined);
  };
  return (
    <div className="narrow-page" data-screen="myAccount">
      <FormScreen screenId="myAccount" onSubmitted={onSubmitted} />
    </div>
  );
}
