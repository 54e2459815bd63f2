//! YAML read once for every type: serde_norway (the kept YAML crate) parses the document and
//! decides every value exactly as `serde_norway::from_str` does, but it drives one type-erased
//! deserializer instead of one copy of itself per k8s-openapi type. The types read (Deployment,
//! Service and everything under them) see [`De`]; serde_norway sees the few visitors of
//! `drive.rs`. So serde_norway's code is compiled once, not once per visitor (twiggy measured its
//! per-type copies as most of the `?kube=1` page, docs/kube-page.md), while its results, values
//! and errors with their line, column and path, stay byte for byte its own: every decision is
//! still serde_norway's, this file only forwards.
//!
//! The design is erased-serde's (a visitor behind `dyn`, its value left in a slot), with one
//! difference that keeps the errors exact: serde_norway's own error is never turned into text on
//! the way through a k8s type. It is held by the wrapper that received it and handed back to
//! serde_norway unchanged (`Kind::Held`), so its position is the one serde_norway gave it.

use super::access::SeedSlot;
use super::drive::{ErasedDe, ErasedEnum, ErasedMap, ErasedSeq, SeedWrap};
use serde::de::{self, DeserializeSeed, Deserializer, Visitor};
use std::fmt;
use std::marker::PhantomData;

/// The error a type read through [`De`] sees: its own message, or serde_norway's error held.
#[derive(Debug)]
pub struct Error(pub(super) Kind);

/// What an [`Error`] carries.
#[derive(Debug)]
pub(super) enum Kind {
    /// Made by the type being read (`missing field`, `invalid type`): serde_norway gets the text.
    Custom(String),
    /// serde_norway's own error, held by the wrapper that received it.
    Held,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Kind::Custom(message) => f.write_str(message),
            Kind::Held => f.write_str("the YAML reader's error"),
        }
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error(Kind::Custom(msg.to_string()))
    }
}

/// An internal step found nothing where serde_norway always leaves something (never seen).
pub(super) fn lost() -> Error {
    Error(Kind::Custom("the YAML reader lost its value".to_string()))
}

/// `T` read from one YAML document, exactly as `serde_norway::from_str::<T>` reads it.
pub fn from_str<'de, T: de::Deserialize<'de>>(text: &'de str) -> Result<T, serde_norway::Error> {
    let mut slot = SeedSlot::new(PhantomData::<T>);
    SeedWrap(&mut slot).deserialize(serde_norway::Deserializer::from_str(text))?;
    slot.value().map_err(|_| de::Error::custom("the YAML reader lost its value"))
}

/// A scalar serde_norway hands a visitor, under one erased method.
pub(super) enum Prim<'a, 'de> {
    Bool(bool),
    I8(i8),
    I16(i16),
    I32(i32),
    I64(i64),
    I128(i128),
    U8(u8),
    U16(u16),
    U32(u32),
    U64(u64),
    U128(u128),
    F32(f32),
    F64(f64),
    Char(char),
    Str(&'a str),
    BorrowedStr(&'de str),
    String(String),
    Bytes(&'a [u8]),
    BorrowedBytes(&'de [u8]),
    ByteBuf(Vec<u8>),
    None,
    Unit,
}

/// A visitor asked for anything (every method forwarded).
pub(super) trait VisitAny<'de> {
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn prim(&mut self, value: Prim<'_, 'de>) -> Result<(), Error>;
    fn some(&mut self, de: &mut dyn ErasedDe<'de>) -> Result<(), Error>;
    fn newtype(&mut self, de: &mut dyn ErasedDe<'de>) -> Result<(), Error>;
    fn seq(&mut self, seq: &mut dyn ErasedSeq<'de>) -> Result<(), Error>;
    fn map(&mut self, map: &mut dyn ErasedMap<'de>) -> Result<(), Error>;
    fn enumeration(&mut self, data: &mut dyn ErasedEnum<'de>) -> Result<(), Error>;
}

/// A visitor asked for a map or struct: serde_norway's `deserialize_map` calls only `visit_map`.
pub(super) trait VisitMap<'de> {
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn map(&mut self, map: &mut dyn ErasedMap<'de>) -> Result<(), Error>;
}

/// A visitor asked for a sequence or tuple: serde_norway's `deserialize_seq` calls only
/// `visit_seq`.
pub(super) trait VisitSeq<'de> {
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn seq(&mut self, seq: &mut dyn ErasedSeq<'de>) -> Result<(), Error>;
}

/// A visitor asked for an option: serde_norway calls only `visit_none` and `visit_some`.
pub(super) trait VisitOption<'de> {
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn none(&mut self) -> Result<(), Error>;
    fn some(&mut self, de: &mut dyn ErasedDe<'de>) -> Result<(), Error>;
}

/// A visitor asked for a string or identifier: serde_norway calls only `visit_borrowed_str` and
/// `visit_str`.
pub(super) trait VisitStr<'de> {
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn str(&mut self, value: &str) -> Result<(), Error>;
    fn borrowed_str(&mut self, value: &'de str) -> Result<(), Error>;
}

/// A visitor and, once it has run, its value.
struct Slot<'de, V: Visitor<'de>> {
    visitor: Option<V>,
    out: Option<V::Value>,
}

impl<'de, V: Visitor<'de>> Slot<'de, V> {
    fn new(visitor: V) -> Self {
        Slot { visitor: Some(visitor), out: None }
    }

    fn expect(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.visitor {
            Some(visitor) => visitor.expecting(f),
            None => f.write_str("a value"),
        }
    }

    fn run(&mut self, visit: impl FnOnce(V) -> Result<V::Value, Error>) -> Result<(), Error> {
        let visitor = self.visitor.take().ok_or_else(lost)?;
        self.out = Some(visit(visitor)?);
        Ok(())
    }

    fn value(self) -> Result<V::Value, Error> {
        self.out.ok_or_else(lost)
    }
}

impl<'de, V: Visitor<'de>> VisitAny<'de> for Slot<'de, V> {
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.expect(f)
    }
    fn prim(&mut self, value: Prim<'_, 'de>) -> Result<(), Error> {
        self.run(|v| match value {
            Prim::Bool(x) => v.visit_bool(x),
            Prim::I8(x) => v.visit_i8(x),
            Prim::I16(x) => v.visit_i16(x),
            Prim::I32(x) => v.visit_i32(x),
            Prim::I64(x) => v.visit_i64(x),
            Prim::I128(x) => v.visit_i128(x),
            Prim::U8(x) => v.visit_u8(x),
            Prim::U16(x) => v.visit_u16(x),
            Prim::U32(x) => v.visit_u32(x),
            Prim::U64(x) => v.visit_u64(x),
            Prim::U128(x) => v.visit_u128(x),
            Prim::F32(x) => v.visit_f32(x),
            Prim::F64(x) => v.visit_f64(x),
            Prim::Char(x) => v.visit_char(x),
            Prim::Str(x) => v.visit_str(x),
            Prim::BorrowedStr(x) => v.visit_borrowed_str(x),
            Prim::String(x) => v.visit_string(x),
            Prim::Bytes(x) => v.visit_bytes(x),
            Prim::BorrowedBytes(x) => v.visit_borrowed_bytes(x),
            Prim::ByteBuf(x) => v.visit_byte_buf(x),
            Prim::None => v.visit_none(),
            Prim::Unit => v.visit_unit(),
        })
    }
    fn some(&mut self, de: &mut dyn ErasedDe<'de>) -> Result<(), Error> {
        self.run(|v| v.visit_some(De(de)))
    }
    fn newtype(&mut self, de: &mut dyn ErasedDe<'de>) -> Result<(), Error> {
        self.run(|v| v.visit_newtype_struct(De(de)))
    }
    fn seq(&mut self, seq: &mut dyn ErasedSeq<'de>) -> Result<(), Error> {
        self.run(|v| v.visit_seq(super::access::Seq(seq)))
    }
    fn map(&mut self, map: &mut dyn ErasedMap<'de>) -> Result<(), Error> {
        self.run(|v| v.visit_map(super::access::Map(map)))
    }
    fn enumeration(&mut self, data: &mut dyn ErasedEnum<'de>) -> Result<(), Error> {
        self.run(|v| v.visit_enum(super::access::Enum(data)))
    }
}

impl<'de, V: Visitor<'de>> VisitMap<'de> for Slot<'de, V> {
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.expect(f)
    }
    fn map(&mut self, map: &mut dyn ErasedMap<'de>) -> Result<(), Error> {
        self.run(|v| v.visit_map(super::access::Map(map)))
    }
}

impl<'de, V: Visitor<'de>> VisitSeq<'de> for Slot<'de, V> {
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.expect(f)
    }
    fn seq(&mut self, seq: &mut dyn ErasedSeq<'de>) -> Result<(), Error> {
        self.run(|v| v.visit_seq(super::access::Seq(seq)))
    }
}

impl<'de, V: Visitor<'de>> VisitOption<'de> for Slot<'de, V> {
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.expect(f)
    }
    fn none(&mut self) -> Result<(), Error> {
        self.run(|v| v.visit_none())
    }
    fn some(&mut self, de: &mut dyn ErasedDe<'de>) -> Result<(), Error> {
        self.run(|v| v.visit_some(De(de)))
    }
}

impl<'de, V: Visitor<'de>> VisitStr<'de> for Slot<'de, V> {
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.expect(f)
    }
    fn str(&mut self, value: &str) -> Result<(), Error> {
        self.run(|v| v.visit_str(value))
    }
    fn borrowed_str(&mut self, value: &'de str) -> Result<(), Error> {
        self.run(|v| v.visit_borrowed_str(value))
    }
}

/// `visitor` run by `call` behind `dyn VisitAny`, and its value.
pub(super) fn visit_any<'de, V: Visitor<'de>>(
    visitor: V,
    call: impl FnOnce(&mut dyn VisitAny<'de>) -> Result<(), Error>,
) -> Result<V::Value, Error> {
    let mut slot = Slot::new(visitor);
    call(&mut slot)?;
    slot.value()
}

/// What a type asks for, beyond the shapes with a trait of their own.
pub(super) enum Ask {
    Any,
    Bool,
    I8,
    I16,
    I32,
    I64,
    I128,
    U8,
    U16,
    U32,
    U64,
    U128,
    F32,
    F64,
    Char,
    Bytes,
    ByteBuf,
    Unit,
    UnitStruct(&'static str),
    Newtype(&'static str),
    Enum(&'static str, &'static [&'static str]),
    IgnoredAny,
}

/// A string asked for as a `str`, a `String` or a field's name.
pub(super) enum AskStr {
    Str,
    String,
    Identifier,
}

/// A sequence asked for as one, or as a tuple.
pub(super) enum AskSeq {
    Seq,
    Tuple(usize),
    TupleStruct(&'static str, usize),
}

/// A map asked for as one, or as a struct with its fields.
pub(super) enum AskMap {
    Map,
    Struct(&'static str, &'static [&'static str]),
}

/// The one deserializer every type read sees: serde_norway's, behind `dyn`.
pub struct De<'a, 'de>(pub(super) &'a mut dyn ErasedDe<'de>);

impl<'de> De<'_, 'de> {
    fn ask<V: Visitor<'de>>(self, ask: Ask, visitor: V) -> Result<V::Value, Error> {
        visit_any(visitor, |slot| self.0.any(ask, slot))
    }

    fn ask_str<V: Visitor<'de>>(self, ask: AskStr, visitor: V) -> Result<V::Value, Error> {
        let mut slot = Slot::new(visitor);
        self.0.str(ask, &mut slot)?;
        slot.value()
    }

    fn ask_seq<V: Visitor<'de>>(self, ask: AskSeq, visitor: V) -> Result<V::Value, Error> {
        let mut slot = Slot::new(visitor);
        self.0.seq(ask, &mut slot)?;
        slot.value()
    }

    fn ask_map<V: Visitor<'de>>(self, ask: AskMap, visitor: V) -> Result<V::Value, Error> {
        let mut slot = Slot::new(visitor);
        self.0.map(ask, &mut slot)?;
        slot.value()
    }
}

/// One `deserialize_*` of [`De`] per line: each asks serde_norway the same question.
macro_rules! asks {
    ($($method:ident => $ask:expr;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            self.ask($ask, visitor)
        }
    )*};
}

impl<'de> Deserializer<'de> for De<'_, 'de> {
    type Error = Error;

    asks! {
        deserialize_any => Ask::Any;
        deserialize_bool => Ask::Bool;
        deserialize_i8 => Ask::I8;
        deserialize_i16 => Ask::I16;
        deserialize_i32 => Ask::I32;
        deserialize_i64 => Ask::I64;
        deserialize_i128 => Ask::I128;
        deserialize_u8 => Ask::U8;
        deserialize_u16 => Ask::U16;
        deserialize_u32 => Ask::U32;
        deserialize_u64 => Ask::U64;
        deserialize_u128 => Ask::U128;
        deserialize_f32 => Ask::F32;
        deserialize_f64 => Ask::F64;
        deserialize_char => Ask::Char;
        deserialize_bytes => Ask::Bytes;
        deserialize_byte_buf => Ask::ByteBuf;
        deserialize_unit => Ask::Unit;
        deserialize_ignored_any => Ask::IgnoredAny;
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.ask_str(AskStr::Str, visitor)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.ask_str(AskStr::String, visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.ask_str(AskStr::Identifier, visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let mut slot = Slot::new(visitor);
        self.0.option(&mut slot)?;
        slot.value()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.ask(Ask::UnitStruct(name), visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.ask(Ask::Newtype(name), visitor)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.ask_seq(AskSeq::Seq, visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        self.ask_seq(AskSeq::Tuple(len), visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.ask_seq(AskSeq::TupleStruct(name, len), visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.ask_map(AskMap::Map, visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.ask_map(AskMap::Struct(name, fields), visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.ask(Ask::Enum(name, variants), visitor)
    }

    fn is_human_readable(&self) -> bool {
        self.0.human_readable()
    }
}
