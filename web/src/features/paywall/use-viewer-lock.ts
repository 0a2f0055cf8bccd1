import { lockOverlay, type Viewer } from '@serpwise/contracts';
import { useActiveState } from '@/features/auth';
import { viewerOf } from './paywall-rules';

/** The viewer, and the lock text and link for a value withheld from them (null for full users). */
export function useViewerLock(): { viewer: Viewer; lock: { text: string; link: string } | null } {
  const { data } = useActiveState();
  const viewer = viewerOf(data?.user);
  return { viewer, lock: viewer === 'full' ? null : lockOverlay[viewer] };
}
