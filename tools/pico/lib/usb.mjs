// The USB host side of the emulated Pico's CDC serial port: enumerates the
// device (address, configuration descriptor, configuration, DTR/RTS) and then
// moves bytes both ways.  Host -> device bytes wait in a queue; the CDC OUT
// endpoint is completed only when there are bytes for it (otherwise it stays
// pending, like a NAK: completing it empty makes TinyUSB spin), and EP0 OUT
// status stages are left pending (completing them early makes TinyUSB panic
// "Can't continue xfer on inactive ep").
import {
  createSetupPacket, getDescriptorPacket, setDeviceAddressPacket, setDeviceConfigurationPacket,
} from 'rp2040js';

const CONFIG_DESCRIPTOR = 2;
const CDC_DATA_CLASS = 10;
const SET_CONTROL_LINE_STATE = 0x22;

// The bulk IN/OUT endpoint numbers of the CDC data interface.
function cdcEndpoints(desc) {
  const out = { in: -1, out: -1 };
  let inData = false;
  for (let i = 0; i + 1 < desc.length && desc[i] >= 2; i += desc[i]) {
    const len = desc[i];
    const type = desc[i + 1];
    if (type === 4 && len === 9) inData = desc[i + 4] === 2 && desc[i + 5] === CDC_DATA_CLASS;
    if (inData && type === 5 && len === 7 && (desc[i + 3] & 3) === 2) {
      if (desc[i + 2] & 0x80) out.in = desc[i + 2] & 0xf;
      else out.out = desc[i + 2] & 0xf;
    }
  }
  return out;
}

export class CdcHost {
  /** usb: the chip's RPUSBController; onData(Uint8Array): device -> host bytes. */
  constructor(usb, onData) {
    this.usb = usb;
    this.onData = onData;
    this.queue = [];        // Uint8Array chunks, host -> device
    this.queued = 0;
    this.pendingOut = 0;    // size of a pending OUT buffer, 0: none
    this.configSize = -1;
    this.desc = [];
    this.ep = { in: -1, out: -1 };
    this.ready = false;
    usb.onUSBEnabled = () => usb.resetDevice();
    usb.onResetReceived = () => usb.sendSetupPacket(setDeviceAddressPacket(1));
    usb.onEndpointWrite = (ep, buf) => this.fromDevice(ep, buf);
    usb.onEndpointRead = (ep, size) => {
      if (ep === this.ep.out) {
        this.pendingOut = size;
        this.feed();
      }
    };
  }

  fromDevice(ep, buf) {
    const { usb } = this;
    if (ep === 0 && buf.length === 0) {          // a status stage done
      if (this.configSize < 0) {
        usb.sendSetupPacket(getDescriptorPacket(CONFIG_DESCRIPTOR, 9));
      } else if (!this.ready && this.ep.in >= 0) {
        usb.sendSetupPacket(createSetupPacket({
          dataDirection: 0, type: 1, recipient: 1, bRequest: SET_CONTROL_LINE_STATE,
          wValue: 3, wIndex: 0, wLength: 0,
        }));
        this.ready = true;
      }
      return;
    }
    if (ep === 0) {
      if (this.configSize < 0 && buf.length === 9 && buf[1] === CONFIG_DESCRIPTOR) {
        this.configSize = buf[2] | (buf[3] << 8);
        usb.sendSetupPacket(getDescriptorPacket(CONFIG_DESCRIPTOR, this.configSize));
      } else if (this.configSize > 0 && this.desc.length < this.configSize) {
        for (const b of buf) this.desc.push(b);
        if (this.desc.length >= this.configSize) {
          this.ep = cdcEndpoints(this.desc);
          usb.sendSetupPacket(setDeviceConfigurationPacket(1));
        }
      }
      return;
    }
    if (ep === this.ep.in) this.onData(buf);
  }

  write(bytes) {
    if (!bytes.length) return;
    this.queue.push(bytes);
    this.queued += bytes.length;
    this.feed();
  }

  feed() {
    if (!this.pendingOut || !this.queued) return;
    const n = Math.min(this.pendingOut, this.queued);
    const out = new Uint8Array(n);
    let k = 0;
    while (k < n) {
      const head = this.queue[0];
      const take = Math.min(head.length, n - k);
      out.set(head.subarray(0, take), k);
      k += take;
      if (take === head.length) this.queue.shift();
      else this.queue[0] = head.subarray(take);
    }
    this.queued -= n;
    this.pendingOut = 0;
    this.usb.endpointReadDone(this.ep.out, out);
  }
}
