// Whether the signed-in staff account is a supervisor or an administrator: the actions only they may
// take (a contact corrected, a delegation confirmed by phone) are shown to them alone. The server
// refuses an operator anyway (403); this only keeps the page from offering what would be refused.
import { useEffect, useState } from 'react';
import { staff } from '@sportello/contract';
import { staffApi } from '../api';

export function useSupervisor(): boolean {
  const [supervisor, setSupervisor] = useState(false);
  useEffect(() => {
    let live = true;
    staffApi(staff.getStaffSession)
      .then((s) => live && setSupervisor(s.role !== 'operator'))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return supervisor;
}
