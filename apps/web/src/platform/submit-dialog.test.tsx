import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkbox, ConfigProvider, Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { SubmitDialog } from './submit-dialog';

/** The dialog opened without antd's motion (as with reduced motion): jsdom never ends an animation. */
function dialog(children: ReactNode) {
  return (
    <ConfigProvider theme={{ token: { motion: false } }}>
      <SubmitDialog open title="Add" onClose={() => undefined} submit={{ text: 'Send', testId: 'send', onClick: () => undefined }}>
        <Form>{children}</Form>
      </SubmitDialog>
    </ConfigProvider>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('SubmitDialog', () => {
  it('puts the keyboard on the first field once open, not on the close button', async () => {
    render(
      dialog(
        <>
          <Form.Item label="Website">
            <Input data-testid="first" />
          </Form.Item>
          <Form.Item label="Reason">
            <Input />
          </Form.Item>
        </>,
      ),
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('first')));
  });

  it('passes over a field not yet usable and lands on a choice, as on the withdrawal form', async () => {
    render(
      dialog(
        <>
          <Form.Item label="Amount">
            <Input disabled />
          </Form.Item>
          <Form.Item label="Gateway">
            <Select id="gateway" options={[{ value: 1, label: 'One' }]} />
          </Form.Item>
          <Checkbox>Confirmed</Checkbox>
        </>,
      ),
    );
    await waitFor(() => expect(document.activeElement?.id).toBe('gateway'));
  });

  it('leaves the fields alone on a touch screen, where a focused field pulls up the keyboard', async () => {
    const media = (query: string) => ({ matches: query === '(pointer: coarse)', media: query }) as MediaQueryList;
    const asked = vi.spyOn(window, 'matchMedia').mockImplementation(media);
    render(
      dialog(
        <Form.Item label="Website">
          <Input data-testid="first" />
        </Form.Item>,
      ),
    );
    // The dialog has opened and asked what kind of screen it is on; nothing moved the keyboard into the form.
    await waitFor(() => expect(asked).toHaveBeenCalledWith('(pointer: coarse)'));
    expect(document.activeElement).not.toBe(screen.getByTestId('first'));
  });
});
