import { useCallback, useState } from 'react';
import { useUnsavedChanges } from '../../../../platform/unsaved-changes';

function hasContent(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  return value !== undefined && value !== null && value !== false;
}

/**
 * Unsaved-changes tracking for a settings form that starts empty: anything typed makes it dirty
 * (the stay-or-leave prompt is on) until it is saved or cleared.
 */
export function useDirtyForm() {
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  const onValuesChange = useCallback(
    (_changed: unknown, all: Record<string, unknown>) => setDirty(Object.values(all).some(hasContent)),
    [],
  );
  const markSaved = useCallback(() => setDirty(false), []);
  return { dirty, onValuesChange, markSaved };
}
