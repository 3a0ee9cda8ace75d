export * from './br-code';
export * from './crc16';
export * from './keys';
export * from './sandbox';
