import { useAppStore } from '../state/app-store';
import { brandOf } from './brands';

export const useBrand = () => brandOf(useAppStore((state) => state.company));
