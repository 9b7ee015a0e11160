import { Button, type ButtonProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import type { LogoutButtonMutation } from '../__generated__/LogoutButtonMutation.graphql.ts';
import { toaster } from '../components/toaster.tsx';
import { leaveToLogin } from '../relay/viewerSession.ts';

const logoutMutation = graphql`
  mutation LogoutButtonMutation {
    logout(input: {}) {
      ok
    }
  }
`;

export function LogoutButton({ size = 'sm' }: { size?: ButtonProps['size'] }) {
  const { t } = useTranslation();
  const [commitLogout, isInFlight] = useMutation<LogoutButtonMutation>(logoutMutation);
  const logout = () =>
    commitLogout({
      variables: {},
      onCompleted: () => leaveToLogin(),
      onError: () => {
        toaster.create({ type: 'error', title: t('errors.retryLater') });
      },
    });
  return (
    <Button
      variant="outline"
      size={size}
      onClick={logout}
      loading={isInFlight}
      loadingText={t('layout.logout')}
    >
      {t('layout.logout')}
    </Button>
  );
}
