/** Query-key factory and mutations of the alerts page. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import { createAlert, deleteAlert, listAlerts, setAlertEnabled, updateAlert, type AlertSettings } from '../../contract/alerts';

export const alertQueries = {
  all: () => ['alerts'] as const,
  list: (envId: string) =>
    queryOptions({
      queryKey: [...alertQueries.all(), 'list', envId] as const,
      queryFn: ({ signal }) => request(listAlerts, { params: { envId }, signal }),
    }),
};

export const alertCalls = {
  create: (envId: string, settings: AlertSettings) => request(createAlert, { params: { envId }, body: settings }),
  update: (envId: string, alertId: string, settings: AlertSettings) => request(updateAlert, { params: { envId, alertId }, body: settings }),
  setEnabled: (envId: string, alertId: string, enabled: boolean) => request(setAlertEnabled, { params: { envId, alertId }, body: { enabled } }),
  remove: (envId: string, alertId: string) => request(deleteAlert, { params: { envId, alertId } }),
};
