import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { toast } from '@/stores/toast-store';
import { ADMIN_CONTENT_KEY } from '../../api/admin-content';

/** A desk change: on success the desk's lists reload and a toast says so; errors are toasts too. */
export function useContentMutation<Input>(
  change: (input: Input) => Promise<unknown>,
  done: 'saved' | 'deleted',
  onDone?: () => void,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => {
      toast.success(t(`contentDesk.${done}`));
      void queryClient.invalidateQueries({ queryKey: ADMIN_CONTENT_KEY });
      onDone?.();
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
}
