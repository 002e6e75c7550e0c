import { useEffect } from 'react';

/**
 * A stand-in for the pod's add-members modal, which has tests of its own
 * (pod-add-members.test.tsx): it reports `addMembers.result` as a real one reports what it added,
 * so a pod page's handling of the result is tested on its own.
 *
 * Every file that mocks the modal mocks it with this module: the files of a worker share one module
 * graph (`isolate: false`), so the page imported by one file keeps that file's mock for the next,
 * and two different mocks would each serve the other's file.
 */
export const addMembers = {
  result: null as unknown,
  props: null as { podId: string } | null,
};

export function AddMembersDialog(props: {
  podId: string;
  onClose: () => void;
  onAdded: (result: unknown) => void;
}) {
  useEffect(() => {
    addMembers.props = props;
  });
  return (
    <div role="dialog" aria-label="Add members stand-in">
      <button onClick={() => props.onAdded(addMembers.result)}>Report added</button>
      <button onClick={props.onClose}>Close stand-in</button>
    </div>
  );
}
